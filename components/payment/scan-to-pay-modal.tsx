'use client';

import { Modal } from '@/components/ui/modal';
import { scanToPayCopy } from '@/content/payments';
import { UpiPayPanel, type UpiPayPanelProps } from './upi-pay-panel';
import styles from './payment.module.css';

/** The "Scan to Pay" dialog: the pay panel (QR, amount, UPI id, Copy UPI ID) and Close. */
export function ScanToPayModal({ open, onClose, ...panel }: UpiPayPanelProps & { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} title={scanToPayCopy.title}>
      <UpiPayPanel {...panel} />
      <div className={styles.modalActions}>
        <button type="button" className="btn btn-primary" onClick={onClose}>
          {scanToPayCopy.close}
        </button>
      </div>
    </Modal>
  );
}
