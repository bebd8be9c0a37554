// The staff dashboard, at /dashboard-<studio slug>/ (noindex, never in the sitemap)

/** The dashboard's fixed views, each a nested path under the dashboard's base path. */
const dashboardViews = [
  'get-audio-form-request',
  'get-video-form-request',
  'get-voice-form-request',
  'payments',
  'books',
  'builds',
  'account',
  'sessions',
  'check-in',
  'people',
  'privacy-requests',
  'access-log',
] as const;

/** The nested path of an inbox form's view in the dashboard. */
function inboxViewPath(form: string): string {
  return `forms/${form}`;
}

/** Every view's nested path: the fixed views and one per inbox form. */
export function dashboardViewPaths(inboxFormNames: readonly string[]): string[] {
  return [...dashboardViews, ...inboxFormNames.map(inboxViewPath)];
}

/** The dashboard's base path for a studio slug, or one of its views: `/dashboard-<slug>[/<view>]`. */
export function dashboardPath(slug: string, view?: string): `/${string}` {
  return view ? `/dashboard-${slug}/${view}` : `/dashboard-${slug}`;
}

/** What a nested dashboard path shows. */
export type DashboardView =
  | { kind: 'audio' }
  | { kind: 'coming-soon' }
  | { kind: 'builds' }
  | { kind: 'payments' }
  | { kind: 'books' }
  | { kind: 'account' }
  | { kind: 'people' }
  | { kind: 'privacy-requests' }
  | { kind: 'access-log' }
  | { kind: 'sessions' }
  | { kind: 'check-in' }
  | { kind: 'inbox'; form: string }
  | { kind: 'select' };

/** The view of a nested path (`get-audio-form-request`, `forms/query` …); anything else asks to pick a form. */
export function dashboardViewOf(viewPath: string, inboxForms: readonly string[]): DashboardView {
  if (viewPath === 'get-audio-form-request') return { kind: 'audio' };
  if (viewPath === 'get-video-form-request' || viewPath === 'get-voice-form-request') return { kind: 'coming-soon' };
  if (viewPath === 'builds') return { kind: 'builds' };
  if (viewPath === 'payments') return { kind: 'payments' };
  if (viewPath === 'books') return { kind: 'books' };
  if (viewPath === 'account') return { kind: 'account' };
  if (viewPath === 'people' || viewPath === 'privacy-requests' || viewPath === 'access-log') return { kind: viewPath };
  if (viewPath === 'sessions') return { kind: 'sessions' };
  if (viewPath === 'check-in') return { kind: 'check-in' };
  const inbox = /^forms\/([a-z-]+)$/.exec(viewPath)?.[1];
  if (inbox && inboxForms.includes(inbox)) return { kind: 'inbox', form: inbox };
  return { kind: 'select' };
}

/** What the dashboard knows of an inbox form: plain data, passed down from the page. */
export interface InboxFormSummary {
  name: string;
  title: string;
  payloadKeys: readonly string[];
}

/** The nested path of a table's view: the pro audio requests, or an inbox form's. */
export function tableViewPath(form: string): string {
  return form === 'pro-audio' ? 'get-audio-form-request' : inboxViewPath(form);
}

/** Where the workspace is: its base path, the view's path below it, and the submission opened (`?id=`). */
export interface DashboardPlace {
  readonly basePath: string;
  readonly viewPath: string;
  readonly detailId: number | undefined;
}

/** The place an address names: the dashboard's page serves every path below its base path. */
export function dashboardPlaceOf(pathname: string, idParam: string | null, basePath: string): DashboardPlace {
  const viewPath = pathname.startsWith(`${basePath}/`)
    ? decodeURIComponent(pathname.slice(basePath.length + 1)).replace(/\/+$/, '')
    : '';
  const id = Number(idParam);
  return { basePath, viewPath, detailId: Number.isSafeInteger(id) && id > 0 ? id : undefined };
}
