import { type ReactNode, type Ref, useLayoutEffect, useRef } from 'react';
import styles from './masterclass.module.css';

const seatsText = (n: number) => (n === 0 ? 'Full — join the waitlist' : n === 1 ? '1 seat left' : `${n} seats left`);

/**
 * One choice of a masterclass session or a course intake: its radio, its text and the seats left.
 * A full one stays choosable, labelled "Full — join the waitlist": the form then sends the sign-up
 * to its waitlist (its button says so). Without `seatsLeft` (the build's copy, whose count would be stale) no count
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
      <input type="radio" name={name} value={value} checked={checked} onChange={onChoose} />
      <span>
        {children}
        {seatsLeft === undefined ? null : ` · ${seatsText(seatsLeft)}`}
      </span>
    </label>
  );
}

/**
 * The choice of a session or intake: its legend, why the last choice was refused (if it was), and
 * its options.
 */
export function SeatChoices({
  legend,
  refusal,
  children,
  ref,
}: {
  legend: string;
  refusal: string;
  children: ReactNode;
  ref?: Ref<HTMLFieldSetElement>;
}) {
  return (
    <fieldset className={styles.sessions} ref={ref}>
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

/**
 * Keeps the option a visitor on a slow phone chose before the page's script ran: hydration leaves
 * the radios as the visitor set them, and the next render would put back the page's default. Once
 * hydrated, the checked radio named `name` inside the choice is handed to `adopt`. Give the returned
 * ref to SeatChoices.
 */
export function useChosenBeforeScript(name: string, adopt: (value: string) => void) {
  const ref = useRef<HTMLFieldSetElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, right after hydration.
  useLayoutEffect(() => {
    const early = ref.current?.querySelector<HTMLInputElement>(`input[name="${name}"]:checked`);
    if (early) adopt(early.value);
  }, []);
  return ref;
}
