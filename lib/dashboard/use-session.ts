'use client';

import useSWR, { useSWRConfig } from 'swr';
import { call, ServiceError, staffClient } from '@/lib/service-client';

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
const fetchMe = async () => (await call(() => auth.me.$get())).json();

/** The staff session, read from GET /api/auth/me (through lib/service-client's typed client). */
export function useSession(): Session {
  const { mutate: mutateAll } = useSWRConfig();
  const { data, error, mutate, isLoading } = useSWR<{ name: string | null }, Error>('auth/me', fetchMe, {
    shouldRetryOnError: false,
    revalidateOnFocus: true,
  });

  let session: SessionState;
  // A 401 wins over the name SWR still holds from before (an expired session, a changed password).
  if (error instanceof ServiceError && error.status === 401) session = { state: 'signed-out' };
  else if (data?.name) session = { state: 'signed-in', name: data.name };
  else if (data) session = { state: 'signed-out' };
  else if (error) session = { state: 'unavailable', message: error.message };
  else session = isLoading ? { state: 'checking' } : { state: 'signed-out' };

  return {
    session,
    async signIn(name, password) {
      try {
        await call(() => auth.login.$post({ json: { name, password } }));
      } catch (error) {
        return (error instanceof ServiceError && error.message) || 'Sign-in failed. Please try again.';
      }
      await mutate();
      return undefined;
    },
    async signOut() {
      await call(() => auth.logout.$post({ json: {} })).catch(() => undefined);
      // Forget every cached table, not only the session.
      await mutateAll(() => true, undefined, { revalidate: false });
      await mutate(undefined, { revalidate: true });
    },
    recheck: () => void mutate(),
  };
}
