import { type FormEvent, useState } from 'react';

/**
 * A staff form's submit handler (the page's own: no full-page post) and whether it is running:
 * `busy` is true while `run` works.
 */
export function useSubmitting(run: () => Promise<void>) {
  const [busy, setBusy] = useState(false);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    try {
      await run();
    } finally {
      setBusy(false);
    }
  };
  return { busy, onSubmit };
}
