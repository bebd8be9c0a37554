'use client';

import { useId, useRef, useState } from 'react';
import type { ErasureSummary } from '@/lib/privacy/erasure';
import styles from './privacy.module.css';

/**
 * An erasure's button and its confirmation: a modal dialog (the browser's own, so focus stays in it
 * and Escape closes it) naming the person and what will be erased, with Cancel focused first.
 * `describe` says whom and what (or why it cannot: an error text); `erase` does it.
 */
export function EraseConfirm({
  label,
  describe,
  erase,
}: {
  label: string;
  describe: () => Promise<ErasureSummary | string>;
  erase: () => Promise<void>;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [summary, setSummary] = useState<ErasureSummary>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const open = async () => {
    setError(undefined);
    const found = await describe();
    if (typeof found === 'string') return setError(found);
    setSummary(found);
    dialog.current?.showModal();
  };
  return (
    <>
      <button type="button" className="btn btn-primary" onClick={() => void open()}>
        {label}
      </button>
      {error ? (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
      <dialog ref={dialog} className={styles.dialog} aria-labelledby={titleId}>
        <h2 id={titleId}>Erase everything held about {summary?.who}?</h2>
        <p>This cannot be undone. It erases:</p>
        <ul>
          {summary?.what.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <form method="dialog" className={styles.actions}>
          {/* biome-ignore lint/a11y/noAutofocus: the safe choice is focused when the dialog opens */}
          <button type="submit" className="btn btn-ghost" autoFocus>
            Cancel
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              await erase();
              setBusy(false);
              dialog.current?.close();
            }}
          >
            Erase {summary?.who}
          </button>
        </form>
      </dialog>
    </>
  );
}
