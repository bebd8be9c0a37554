'use client';

import { useEffect, useId, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import clsx from 'clsx';
import { keepTabInside } from './keep-tab-inside';
import styles from './modal.module.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface ModalProps {
  open: boolean;
  /** Called for Escape, a click on the backdrop, and any close button inside that calls it. */
  onClose: () => void;
  /** The dialog's heading, which also names it. */
  title: string;
  children: ReactNode;
  className?: string;
}

/**
 * An accessible modal dialog on the native <dialog> (showModal puts it in the top layer and makes
 * the page behind inert). On top of that: focus goes to the first control and Tab cycles inside,
 * Escape and the backdrop close it, focus returns to the element that opened it, and the page
 * behind does not scroll while it is open.
 */
export function Modal({ open, onClose, title, children, className }: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const onCloseRef = useRef(onClose);
  const titleId = useId();

  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || !open) return undefined;

    openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) {
      // Very old browsers (and jsdom) lack showModal: the dialog still shows, with the same handlers.
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    // Hiding the page's scrollbar would shift it sideways: pad the body by the scrollbar's width.
    const root = document.documentElement;
    const scrollbar = window.innerWidth - root.clientWidth;
    const previousOverflow = root.style.overflow;
    const previousPadding = document.body.style.paddingRight;
    root.style.overflow = 'hidden';
    if (scrollbar > 0) document.body.style.paddingRight = `${scrollbar}px`;
    focusables(dialog)[0]?.focus();

    // Escape fires "cancel": keep the open state in React's hands rather than the browser's.
    const onCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    dialog.addEventListener('cancel', onCancel);

    return () => {
      dialog.removeEventListener('cancel', onCancel);
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      else dialog.removeAttribute('open');
      root.style.overflow = previousOverflow;
      document.body.style.paddingRight = previousPadding;
      const opener = openerRef.current;
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      // Browsers without showModal send no "cancel" event.
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key === 'Tab') keepTabInside(event, focusables(event.currentTarget));
  };

  // The dialog box fills the <dialog> element, so a click that lands on the element itself is on the backdrop.
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) onClose();
  };

  return (
    <dialog
      ref={dialogRef}
      className={styles.dialog}
      aria-labelledby={titleId}
      aria-modal="true"
      onKeyDown={onKeyDown}
      onClick={onClick}
    >
      {open ? (
        <div className={clsx(styles.box, className)}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          {children}
        </div>
      ) : null}
    </dialog>
  );
}

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.hasAttribute('inert') && el.getClientRects().length > 0,
  );
}
