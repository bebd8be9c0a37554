import { failureText, type Outcome } from '@/lib/service-client';
import styles from './privacy.module.css';

/** What a privacy page last said: information, an error, or nothing yet. */
export type Note = { kind: 'info' | 'error'; text: string } | undefined;

/** The note for a service's answer: its message, or why it failed. */
export const noteOf = (answer: Outcome<{ message: string }>): Note =>
  answer.ok ? { kind: 'info', text: answer.value.message } : { kind: 'error', text: failureText(answer) };

/** The note: an error as an alert, information as a status. */
export function Message({ note }: { note: Note }) {
  if (!note) return null;
  return note.kind === 'error' ? (
    <p role="alert" className={styles.error}>
      {note.text}
    </p>
  ) : (
    <p role="status">{note.text}</p>
  );
}
