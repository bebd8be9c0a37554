import type { Env } from '@/lib/env';
import { inboxForms } from '@/lib/forms/registry';
import { dashboardPath } from '@/lib/dashboard/views';
import type { SiteBuild } from '@/lib/site-build';
import { getStudio } from '@/lib/studio';
import { readBookingStudio } from '@/lib/bookings/studio-file';
import { workspaceTables } from '../forms/staff-api';
import { startNotifications } from '../notify';
import type { OwnerLog } from '../platform/log';
import type { SessionService } from '../sessions/sessions';
import type { Store } from '../store/store';

/**
 * E-mail to the studio for each submission, claim and data request; `npm run staff` while running.
 * Registrants hear from the site (confirmation, invitation, reminders) with SMTP_URL and a sender;
 * visitors get their "Your data" links and answers with SMTP_URL. None on a trial. Resolves with
 * the outbox's worker to stop on shutdown, when one runs.
 */
export function startMail(opts: {
  env: Env;
  store: Store;
  built: SiteBuild;
  sessions: Pick<SessionService, 'links' | 'tickets'>;
  trial: boolean;
  /** The owner's log, told each failed send. */
  log: OwnerLog;
}): ReturnType<typeof startNotifications> {
  const { env, built, sessions } = opts;
  // The privacy contact, named in every form's notice and the "Your data" e-mails.
  const { grievance } = getStudio(env);
  return startNotifications(
    opts.store,
    !opts.trial && env.SMTP_URL
      ? {
          smtpUrl: env.SMTP_URL,
          to: env.NOTIFY_TO,
          from: env.NOTIFY_FROM,
          dashboardUrl: `${built.serviceUrl ?? built.siteUrl}${dashboardPath(built.studio.slug)}`,
          tables: workspaceTables(inboxForms),
          registrants: {
            links: sessions.links,
            tickets: sessions.tickets,
            studio: getStudio(),
            siteUrl: env.SITE_URL,
            bookings: () => readBookingStudio(),
          },
          privacy: { siteUrl: env.SITE_URL, studioName: built.studio.name, grievance },
        }
      : undefined,
    undefined,
    (line) => opts.log('error', line),
  );
}
