'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useCallback } from 'react';
import clsx from 'clsx';
import { useSession } from '@/lib/dashboard/use-session';
import { dashboardViewOf, type DashboardView, type InboxFormSummary } from '@/lib/dashboard/views';
import { AudioRequests } from './audio-requests';
import { BuildsView } from './builds-view';
import { InboxView } from './inbox-view';
import { SignInForm } from './sign-in-form';
import styles from './dashboard.module.css';

interface NavItem {
  view: string;
  label: string;
}

function ViewBody({
  view,
  forms,
  onUnauthorized,
}: {
  view: DashboardView;
  forms: readonly InboxFormSummary[];
  onUnauthorized: () => void;
}) {
  switch (view.kind) {
    case 'audio':
      return <AudioRequests onUnauthorized={onUnauthorized} />;
    case 'coming-soon':
      return <p className={styles.soon}>Coming Soon</p>;
    case 'builds':
      return <BuildsView />;
    case 'inbox': {
      const form = forms.find((f) => f.name === view.form);
      return form ? <InboxView form={form} onUnauthorized={onUnauthorized} /> : <p>Select a form from the sidebar</p>;
    }
    default:
      return <p>Select a form from the sidebar</p>;
  }
}

/**
 * The staff dashboard: sign-in until /api/auth/me says who is signed in, then a sidebar and the
 * view named by the nested path (read from the address, so that any nested path the server answers
 * with this page shows the right view).
 */
export function DashboardApp({
  basePath,
  initialView,
  forms,
}: {
  basePath: string;
  initialView: string;
  forms: readonly InboxFormSummary[];
}) {
  const pathname = usePathname();
  const viewPath = pathname.startsWith(`${basePath}/`)
    ? decodeURIComponent(pathname.slice(basePath.length + 1)).replace(/\/+$/, '')
    : pathname === basePath
      ? ''
      : initialView;
  const view = dashboardViewOf(
    viewPath,
    forms.map((f) => f.name),
  );
  const { session, signIn, signOut, recheck } = useSession();
  const onUnauthorized = useCallback(() => recheck(), [recheck]);

  if (session.state === 'checking')
    return (
      <p role="status" className={styles.notice}>
        Checking your sign-in...
      </p>
    );
  if (session.state === 'unavailable') {
    return (
      <p role="alert" className={clsx(styles.notice, styles.error)}>
        The submissions service could not be reached ({session.message}). Try again in a moment.
      </p>
    );
  }
  if (session.state === 'signed-out') return <SignInForm signIn={signIn} />;

  const nav: NavItem[] = [
    { view: 'get-audio-form-request', label: 'Audio form requests' },
    { view: 'get-video-form-request', label: 'Video form requests' },
    { view: 'get-voice-form-request', label: 'Voice form requests' },
    ...forms.map((f) => ({ view: `forms/${f.name}`, label: f.title })),
    { view: 'builds', label: 'Site builds' },
  ];
  const current = nav.find((item) => item.view === viewPath);

  return (
    <div className={styles.layout}>
      <aside className={styles.sidebar}>
        <p className={styles.who}>
          Signed in as <strong>{session.name}</strong>
        </p>
        <nav aria-label="Dashboard">
          <ul>
            {nav.map((item) => (
              <li key={item.view}>
                <Link
                  href={`${basePath}/${item.view}`}
                  aria-current={item.view === viewPath ? 'page' : undefined}
                  className={styles.navLink}
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <button type="button" className="btn btn-ghost" onClick={() => void signOut()}>
          Sign out
        </button>
      </aside>
      <section className={styles.content} aria-labelledby="dashboard-view-title">
        <h1 id="dashboard-view-title" className={styles.viewTitle}>
          {current?.label ?? 'Dashboard'}
        </h1>
        <ViewBody view={view} forms={forms} onUnauthorized={onUnauthorized} />
      </section>
    </div>
  );
}
