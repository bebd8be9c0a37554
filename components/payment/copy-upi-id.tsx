'use client';

import { useEffect, useRef, useState } from 'react';
import clsx from 'clsx';
import { scanToPayCopy } from '@/content/payments';
import styles from './payment.module.css';

const COPIED_FOR_MS = 3000;

type CopyState = 'idle' | 'copied' | 'manual';

/**
 * The UPI id as text with a Copy UPI ID button. "UPI ID copied!" shows for 3 seconds in a status
 * region; without clipboard access the id is selected and the visitor is told how to copy it.
 */
export function CopyUpiId({ upiId, className }: { upiId: string; className?: string }) {
  const [state, setState] = useState<CopyState>('idle');
  const textRef = useRef<HTMLElement>(null);
  const timerRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timerRef.current), []);

  const copy = async () => {
    clearTimeout(timerRef.current);
    try {
      if (!navigator.clipboard?.writeText) throw new Error('Clipboard unavailable');
      await navigator.clipboard.writeText(upiId);
      setState('copied');
      timerRef.current = setTimeout(() => setState('idle'), COPIED_FOR_MS);
    } catch {
      selectText(textRef.current);
      setState('manual');
    }
  };

  return (
    <div className={clsx(styles.copyRow, className)}>
      <p className={styles.upiIdLine}>
        <span className={styles.label}>{scanToPayCopy.upiIdLabel}</span>{' '}
        <code ref={textRef} className={styles.upiId}>
          {upiId}
        </code>
      </p>
      <button type="button" className="btn btn-ghost" onClick={copy}>
        {scanToPayCopy.copy}
      </button>
      <p role="status" className={clsx(styles.status, state === 'manual' && styles.statusHint)}>
        {state === 'copied' ? scanToPayCopy.copied : state === 'manual' ? scanToPayCopy.copyManual : ''}
      </p>
    </div>
  );
}

function selectText(node: HTMLElement | null): void {
  const selection = typeof window === 'undefined' ? null : window.getSelection();
  if (!node || !selection) return;
  const range = document.createRange();
  range.selectNodeContents(node);
  selection.removeAllRanges();
  selection.addRange(range);
}
