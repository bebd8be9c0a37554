import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Runs a poppler tool on a PDF in a temporary folder; returns what `run` makes of the file and folder. */
export function withPdf<T>(bytes: Uint8Array, run: (file: string, dir: string) => T): T {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'test-pdf-'));
  try {
    writeFileSync(path.join(dir, 'doc.pdf'), bytes);
    return run(path.join(dir, 'doc.pdf'), dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The text of a PDF as poppler's pdftotext reads it (layout kept: one line per line). */
export const pdfText = (bytes: Uint8Array): string =>
  withPdf(bytes, (file) => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }));

/** The images a PDF holds, as poppler's pdfimages lists them: "<width>x<height> <encoding>" ("image": Flate). */
export function pdfImages(file: string): string[] {
  const rows = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).trim().split('\n').slice(2);
  return rows.map((row) => {
    const cols = row.trim().split(/\s+/);
    return `${cols[3]}x${cols[4]} ${cols[8]}`;
  });
}
