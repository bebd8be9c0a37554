'use client';

import { useSWRConfig } from 'swr';
import { attempt, failureText, staffClient } from '@/lib/service-client';
import { useOutcome } from './dashboard-client';

type SessionState =
  | { state: 'checking' }
  | { state: 'signed-in'; name: string }
  | { state: 'signed-out' }
  | { state: 'unavailable'; message: string };

export interface Session {
  session: SessionState;
  /** Signs in; resolves with an error message, or undefined on success. */
  signIn: (name: string, password: string) => Promise<string | undefined>;
  signOut: () => Promise<void>;
  /** Checks the session again (after a 401 from a data call). */
  recheck: () => void;
}

const auth = staffClient().auth;

/** Who is signed in: their name, or null. */
const fetchMe = () =>
  attempt(
    () => auth.me.$get(),
    (res) => res.json(),
  );

/** The staff session, read from GET /api/auth/me (through lib/service-client's typed client). */
export function useSession(): Session {
  const { mutate: mutateAll } = useSWRConfig();
  const { data, failure, mutate, isLoading } = useOutcome('auth/me', fetchMe, {
    shouldRetryOnError: false,
    revalidateOnFocus: true,
  });

  let session: SessionState;
  // A 401 wins over the name still held from before (an expired session, a changed password).
  if (failure?.status === 401) session = { state: 'signed-out' };
  else if (data?.name) session = { state: 'signed-in', name: data.name };
  else if (data) session = { state: 'signed-out' };
  else if (failure) session = { state: 'unavailable', message: failureText(failure) };
  else session = isLoading ? { state: 'checking' } : { state: 'signed-out' };

  return {
    session,
    async signIn(name, password) {
      const signedIn = await attempt(
        () => auth.login.$post({ json: { name, password } }),
        async () => undefined,
      );
      if (!signedIn.ok) return failureText(signedIn);
      await mutate();
      return undefined;
    },
    async signOut() {
      await attempt(
        () => auth.logout.$post({ json: {} }),
        async () => undefined,
      );
      // Forget every cached table, not only the session.
      await mutateAll(() => true, undefined, { revalidate: false });
      await mutate();
    },
    recheck: () => void mutate(),
  };
}
