'use client';

import clsx from 'clsx';
import { SiteLink } from '@/components/shell/site-link';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import styles from './confirmation-popup.module.css';
import { keepTabInside } from './keep-tab-inside';

/** Delay before the popup fades in after it mounts (spec §9). */
export const POPUP_FADE_IN_DELAY_MS = 100;

interface ConfirmationPopupProps {
  title: string;
  message: string;
  cta: { label: string; href: string };
  onClose: () => void;
  closeLabel?: string;
}

/**
 * A modal confirmation that fades in 100 ms after it mounts, with a close button and a call to
 * action. Focus moves into it, stays inside while it is open, and Escape closes it; focus then
 * returns to where it was.
 */
export function ConfirmationPopup({ title, message, cta, onClose, closeLabel = 'Close' }: ConfirmationPopupProps) {
  const [visible, setVisible] = useState(false);
  const titleId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeRef.current?.focus();
    const timer = setTimeout(() => setVisible(true), POPUP_FADE_IN_DELAY_MS);
    return () => {
      clearTimeout(timer);
      previous?.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key === 'Tab') {
      keepTabInside(
        event,
        Array.from(event.currentTarget.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')),
      );
    }
  };

  return (
    <div className={clsx(styles.overlay, visible && styles.visible)} data-visible={visible ? 'true' : 'false'}>
      <div className={styles.dialog} role="dialog" aria-modal="true" aria-labelledby={titleId} onKeyDown={onKeyDown}>
        <button ref={closeRef} type="button" className={styles.close} onClick={onClose}>
          <span aria-hidden="true">×</span>
          <span className="visually-hidden">{closeLabel}</span>
        </button>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        <p>{message}</p>
        <SiteLink href={cta.href} className="btn btn-primary" onClick={onClose}>
          {cta.label}
        </SiteLink>
      </div>
    </div>
  );
}
