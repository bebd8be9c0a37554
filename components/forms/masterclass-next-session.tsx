'use client';

import { type ComponentProps, useEffect, useState } from 'react';
import { NextSession } from '@/components/calendar/next-session';
import type { Session } from '@/lib/calendar';
import { fetchPublicSessions } from '@/lib/sessions/public';
import { calendarSessionOf, nextWithSeats } from '@/lib/sessions/session';

/**
 * The "Next session" strip above the masterclass sign-up: the service's next session with seats,
 * read when the page opens; where no service answers (or it has no masterclass sessions) the
 * build's copy (the service's sessions it was built with, else NEXT_PUBLIC_MASTERCLASS_SESSIONS).
 * With sessions scheduled but every one full, the strip is not shown.
 */
export function MasterclassNextSession({ sessions, ...copy }: ComponentProps<typeof NextSession>) {
  const [shown, setShown] = useState<readonly Session[]>(sessions);
  useEffect(() => {
    let live = true;
    void fetchPublicSessions().then((all) => {
      const list = all?.filter((s) => s.kind === 'masterclass');
      if (!live || !list || list.length === 0) return;
      const next = nextWithSeats(list);
      setShown(next ? [calendarSessionOf(next)] : []);
    });
    return () => {
      live = false;
    };
  }, []);
  return <NextSession sessions={shown} {...copy} />;
}
