'use client';

import { useRef } from 'react';
import { QRCodeCanvas, QRCodeSVG } from 'qrcode.react';
import { scanToPayCopy } from '@/content/payments';
import { QR_SIZE, QrBox } from './qr-box';
import styles from './payment.module.css';

/** The saved image's size in pixels, with a quiet zone for scanning from the gallery. */
const SAVED_SIZE = 720;

/**
 * The QR code of a UPI link in a fixed-size box, so the layout does not move when the link (made in
 * the browser) arrives. With `saveable`, a button downloads it as a PNG: a phone cannot scan its
 * own screen, but UPI apps can scan an image from the gallery.
 */
export function UpiQr({
  link,
  label,
  saveable,
  fileName,
}: {
  link?: string | undefined;
  label: string;
  saveable: boolean;
  fileName: string;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  const save = () => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const anchor = document.createElement('a');
    anchor.href = canvas.toDataURL('image/png');
    anchor.download = fileName;
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
  };

  return (
    <div className={styles.qrWrap}>
      <QrBox>
        {link ? (
          <QRCodeSVG value={link} size={QR_SIZE} level="M" marginSize={0} role="img" aria-label={label} title={label} />
        ) : null}
      </QrBox>
      {saveable && link ? (
        <>
          <QRCodeCanvas
            ref={canvasRef}
            value={link}
            size={SAVED_SIZE}
            level="M"
            marginSize={4}
            hidden
            aria-hidden="true"
          />
          <button type="button" className="btn btn-ghost" onClick={save}>
            {scanToPayCopy.saveQr}
          </button>
          <p className={styles.hint}>{scanToPayCopy.saveQrHint}</p>
        </>
      ) : null}
    </div>
  );
}
