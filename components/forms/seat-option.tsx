import type { ReactNode } from 'react';
import styles from './masterclass.module.css';

const seatsText = (n: number) => (n === 0 ? 'Full' : n === 1 ? '1 seat left' : `${n} seats left`);

/**
 * One choice of a masterclass session or a course intake: its radio, its text and the seats left
 * (a full one disabled). Without `seatsLeft` (the build's copy, whose count would be stale) no count
 * shows and the service says if it has filled.
 */
export function SeatOption({
  name,
  value,
  checked,
  seatsLeft,
  onChoose,
  children,
}: {
  name: string;
  value: string;
  checked: boolean;
  seatsLeft?: number;
  onChoose: () => void;
  children: ReactNode;
}) {
  return (
    <label className={styles.sessionOption} data-full={seatsLeft === 0 || undefined}>
      <input type="radio" name={name} value={value} checked={checked} disabled={seatsLeft === 0} onChange={onChoose} />
      <span>
        {children}
        {seatsLeft === undefined ? null : ` · ${seatsText(seatsLeft)}`}
      </span>
    </label>
  );
}

/** The choice of a session or intake: its legend, why the last choice was refused (if it was), and its options. */
export function SeatChoices({ legend, refusal, children }: { legend: string; refusal: string; children: ReactNode }) {
  return (
    <fieldset className={styles.sessions}>
      <legend>{legend}</legend>
      {refusal ? (
        <p role="alert" className={styles.sessionFull}>
          {refusal}
        </p>
      ) : null}
      {children}
    </fieldset>
  );
}
