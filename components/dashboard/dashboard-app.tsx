'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { useCallback, useState } from 'react';
import clsx from 'clsx';
import { useCounts } from '@/lib/dashboard/dashboard-client';
import { useSession } from '@/lib/dashboard/use-session';
import {
  dashboardPlaceOf,
  dashboardViewOf,
  tableViewPath,
  type DashboardPlace,
  type DashboardView,
  type InboxFormSummary,
} from '@/lib/dashboard/views';
import { proAudioForm } from '@/lib/forms/pro-audio/schema';
import { openRequestsNote } from '@/lib/privacy/requests';
import { tableKeysOf } from '@/lib/sessions/intake';
import { MOBILE_MAX_WIDTH } from '@/lib/nav-theme';
import { useMediaQuery } from '@/components/shell/use-media-query';
import { AccessLogView } from './access-log-view';
import { AccountView } from './account-view';
import { BooksView } from './books-view';
import { BuildsView } from './builds-view';
import { PaymentsView } from './payments-view';
import { PeopleView, RequestsView } from './people-view';
import { SessionsView } from './sessions-view';
import { CheckInView } from './check-in-view';
import { SignInForm } from './sign-in-form';
import { SubmissionDetail } from './submission-detail';
import { WorkTable } from './work-table';
import styles from './dashboard.module.css';
import { ViewLink } from './view-link';

interface NavItem {
  view: string;
  label: string;
  /** The key of its new-items count ('pro-audio', a form's name, 'payments', 'builds'). */
  count?: string;
  /** Its count when it is not a count of new items (the open data requests), with what it counts. */
  open?: { n: number; what: string; note: string };
}

interface Table {
  form: string;
  title: string;
  keys: readonly string[];
}

function ViewBody({
  view,
  place: { basePath, viewPath, detailId },
  tables,
  onUnauthorized,
  refreshCounts,
  signOut,
}: {
  view: DashboardView;
  place: DashboardPlace;
  tables: readonly Table[];
  onUnauthorized: () => void;
  refreshCounts: () => void;
  signOut: () => void;
}) {
  const tableOf = (form: string) => tables.find((t) => t.form === form);
  const table = view.kind === 'audio' ? tableOf('pro-audio') : view.kind === 'inbox' ? tableOf(view.form) : undefined;
  if (table) {
    const here = `${basePath}/${viewPath}`;
    return detailId ? (
      <SubmissionDetail form={table.form} id={detailId} keys={table.keys} backHref={here} />
    ) : (
      <WorkTable
        key={table.form}
        form={table.form}
        title={table.title}
        keys={table.keys}
        detailHref={(id) => `${here}?id=${id}`}
        onUnauthorized={onUnauthorized}
      />
    );
  }
  switch (view.kind) {
    case 'coming-soon':
      return <p className={styles.soon}>Coming Soon</p>;
    case 'builds':
      return <BuildsView />;
    case 'payments':
      return <PaymentsView basePath={basePath} onChanged={refreshCounts} />;
    case 'books':
      return <BooksView />;
    case 'account':
      return <AccountView onChanged={signOut} />;
    case 'people':
      return <PeopleView />;
    case 'privacy-requests':
      return <RequestsView onChanged={refreshCounts} />;
    case 'access-log':
      return <AccessLogView />;
    case 'sessions':
      return <SessionsView />;
    case 'check-in':
      return <CheckInView />;
    default:
      return <p>Select a form from the sidebar</p>;
  }
}

/**
 * The staff workspace: sign-in until /api/auth/me says who is signed in, then a header (studio,
 * staff member, sign-out), a sidebar with each view's count of new items, and the view named by
 * the nested path (`?id=` opens one submission).
 */
export function DashboardApp({
  basePath,
  forms,
  studioName,
}: {
  basePath: string;
  forms: readonly InboxFormSummary[];
  studioName: string;
}) {
  const pathname = usePathname();
  const search = useSearchParams();
  const place = dashboardPlaceOf(pathname, search.get('id'), basePath);
  const { viewPath } = place;
  const view = dashboardViewOf(
    viewPath,
    forms.map((f) => f.name),
  );
  const { session, signIn, signOut, recheck } = useSession();
  const onUnauthorized = useCallback(() => recheck(), [recheck]);
  const signedIn = session.state === 'signed-in';
  const counts = useCounts(signedIn);
  // On a phone the sections fold away under "Sections" while a view is open, so that the view (the
  // door's Check in above all) is the first thing on the screen; wider, the list is always open.
  const wide = useMediaQuery(`(min-width: ${MOBILE_MAX_WIDTH + 1}px)`);
  const [sectionsOpen, setSectionsOpen] = useState<string | undefined>(undefined);

  const header = (
    <header className={styles.header}>
      <p className={styles.brand}>
        {studioName} <span className={styles.brandSub}>Staff</span>
      </p>
      {signedIn ? (
        <div className={styles.headerEnd}>
          <p className={styles.who}>
            Signed in as <strong>{session.name}</strong>
          </p>
          <ViewLink href={`${basePath}/account`} className={styles.headerLink}>
            Password
          </ViewLink>
          <button type="button" className="btn btn-ghost" onClick={() => void signOut()}>
            Sign out
          </button>
        </div>
      ) : null}
    </header>
  );

  let body: React.ReactNode;
  if (session.state === 'checking')
    body = (
      <p role="status" className={styles.notice}>
        Checking your sign-in...
      </p>
    );
  else if (session.state === 'unavailable')
    body = (
      <p role="alert" className={clsx(styles.notice, styles.error)}>
        Your sign-in could not be checked: {session.message}
      </p>
    );
  else if (session.state === 'signed-out') body = <SignInForm signIn={signIn} />;

  if (body) {
    return (
      <div className={styles.app}>
        {header}
        <div className={styles.single}>{body}</div>
      </div>
    );
  }

  const tables: Table[] = [
    { form: 'pro-audio', title: 'Audio form requests', keys: proAudioForm.payloadKeys },
    ...forms.map((f) => ({ form: f.name, title: f.title, keys: tableKeysOf(f.name, f.payloadKeys) })),
  ];
  const nav: NavItem[] = [
    { view: tableViewPath('pro-audio'), label: 'Audio form requests', count: 'pro-audio' },
    { view: 'get-video-form-request', label: 'Video form requests' },
    { view: 'get-voice-form-request', label: 'Voice form requests' },
    ...forms.map((f) => ({ view: tableViewPath(f.name), label: f.title, count: f.name })),
    { view: 'payments', label: 'Payments', count: 'payments' },
    { view: 'books', label: 'Books (invoices, refunds, GST)' },
    { view: 'sessions', label: 'Sessions and intakes' },
    { view: 'check-in', label: 'Check in (door)' },
    { view: 'builds', label: 'Site builds', count: 'builds' },
    { view: 'people', label: 'People (personal data)' },
    {
      view: 'privacy-requests',
      label: 'Data requests',
      open: {
        n: counts.data?.requests.open ?? 0,
        what: 'open',
        note: openRequestsNote(counts.data?.requests),
      },
    },
    { view: 'access-log', label: 'Access log' },
  ];
  const countOf = (item: NavItem) => item.open?.n ?? (item.count ? (counts.data?.counts[item.count] ?? 0) : 0);
  // What the folded sections hold that needs looking at (new submissions, open requests).
  const waiting = nav.reduce((sum, item) => sum + countOf(item), 0);
  const current =
    nav.find((item) => item.view === viewPath) ?? (view.kind === 'account' ? { label: 'Your password' } : undefined);

  return (
    <div className={styles.app}>
      {header}
      <div className={styles.layout}>
        <nav aria-label="Dashboard" className={styles.sidebar}>
          <details
            className={styles.sections}
            open={wide || !current || sectionsOpen === viewPath}
            onToggle={(e) => {
              const { open } = e.currentTarget;
              if (!wide) setSectionsOpen(open ? viewPath : undefined);
            }}
          >
            <summary className={styles.sectionsToggle}>
              Sections{current ? <span className={styles.navNote}>{current.label}</span> : null}
              {waiting > 0 ? (
                <span className={styles.badge}>
                  {waiting}
                  <span className="visually-hidden"> open or new</span>
                </span>
              ) : null}
            </summary>
            <ul>
              {nav.map((item) => {
                const n = countOf(item);
                return (
                  <li key={item.view}>
                    <ViewLink
                      href={`${basePath}/${item.view}`}
                      aria-current={item.view === viewPath ? 'page' : undefined}
                      className={styles.navLink}
                    >
                      <span className={styles.navText}>
                        {item.label}
                        {item.open?.note ? <span className={styles.navNote}>{item.open.note}</span> : null}
                      </span>
                      {n > 0 ? (
                        <span className={styles.badge}>
                          {n}
                          <span className="visually-hidden"> {item.open?.what ?? 'new'}</span>
                        </span>
                      ) : null}
                    </ViewLink>
                  </li>
                );
              })}
            </ul>
          </details>
        </nav>
        <section className={styles.content} aria-labelledby="dashboard-view-title">
          <h1 id="dashboard-view-title" className={styles.viewTitle}>
            {current?.label ?? 'Dashboard'}
          </h1>
          <ViewBody
            view={view}
            place={place}
            tables={tables}
            onUnauthorized={onUnauthorized}
            refreshCounts={() => void counts.mutate()}
            signOut={() => void signOut()}
          />
        </section>
      </div>
    </div>
  );
}
