import type { ReactNode } from 'react';
import styles from './payment.module.css';

/** The spec's QR size in CSS pixels. */
export const QR_SIZE = 180;

/**
 * The QR's fixed-size box, striped and marked busy while it has no code to show (the UPI link is made
 * in the browser, and the drawing library loads after the page), so nothing moves when the code is drawn.
 */
export function QrBox({ children }: { children?: ReactNode }) {
  return (
    <div className={styles.qrBox} style={{ width: QR_SIZE, height: QR_SIZE }} aria-busy={children ? undefined : true}>
      {children}
    </div>
  );
}
