'use client';

import { useEffect, useRef, useState } from 'react';
import styles from './dashboard.module.css';

/** The browser's own barcode reader, where it has one (Chrome on Android and macOS, Safari 17+). */
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}
type BarcodeDetectorClass = new (options: { formats: string[] }) => BarcodeDetectorLike;

/** How often a frame is read, in milliseconds: fast enough to feel at once, light on a phone. */
const FRAME_MS = 150;

/** Reads the QR code in a video frame, if there is one. */
type QrReader = (video: HTMLVideoElement, canvas: HTMLCanvasElement) => Promise<string | undefined>;

/** A reader of QR codes in video frames: BarcodeDetector when the browser has it, else jsQR (loaded then only). */
async function qrReader(): Promise<QrReader> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (Detector) {
    const detector = new Detector({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue;
  }
  const { default: jsQR } = await import('jsqr');
  return async (video, canvas) => {
    const { videoWidth: w, videoHeight: h } = video;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context || w === 0 || h === 0) return undefined;
    canvas.width = w;
    canvas.height = h;
    context.drawImage(video, 0, 0, w, h);
    return jsQR(context.getImageData(0, 0, w, h).data, w, h, { inversionAttempts: 'dontInvert' })?.data;
  };
}

/**
 * The phone's camera reading QR codes: while `active`, each code read is handed to `onRead` (the
 * view pauses it while it shows the answer). Says so when the camera cannot be opened: the code
 * field still works.
 */
export function DoorCamera({ active, onRead }: { active: boolean; onRead: (text: string) => void }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const readRef = useRef(onRead);
  readRef.current = onRead;
  const [problem, setProblem] = useState('');
  // Loaded with the view, so a phone that loses its connection at the door still reads tickets.
  const [reader] = useState(() => (typeof window === 'undefined' ? undefined : qrReader().catch(() => undefined)));

  useEffect(() => {
    if (!active) return;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const start = async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      } catch {
        setProblem('The camera could not be opened: allow it for this site, or type the ticket code below.');
        return;
      }
      const video = videoRef.current;
      const canvas = canvasRef.current;
      if (stopped || !video || !canvas) return;
      video.srcObject = stream;
      await video.play().catch(() => undefined);
      const read = await reader;
      if (!read) return;
      const tick = async () => {
        if (stopped) return;
        const text = await read(video, canvas).catch(() => undefined);
        if (stopped) return;
        if (text) readRef.current(text);
        else timer = setTimeout(tick, FRAME_MS);
      };
      void tick();
    };
    setProblem('');
    void start();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [active, reader]);

  return (
    <div className={styles.doorCamera}>
      <video ref={videoRef} muted playsInline aria-label="Camera" hidden={!active} />
      <canvas ref={canvasRef} hidden />
      <p role="alert" className={styles.error}>
        {problem}
      </p>
    </div>
  );
}
