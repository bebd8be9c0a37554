/**
 * The service's routes as types, for the browser's client (lib/service-client.ts). Types only:
 * `export type` never loads a module, so the browser bundle holds none of the server and lib/
 * never imports server/ at run time (no import cycle).
 */
import type { Hono } from 'hono';
import type { BlankEnv, ExtractSchema, MergeSchemaPath } from 'hono/types';
import type { AuthRoutes } from './platform/auth';
import type { BackupRoutes } from './platform/backup';
import type { BooksRoutes } from './books/books';
import type { RefundRoutes } from './books/books-refunds';
import type { BuildRoutes } from './site/builds';
import type { CertificateRoutes } from './certificates/certificates';
import type { PeopleRoutes } from './privacy/people';
import type { StaffSessionRoutes } from './sessions/staff-session-routes';
import type { StaffApi } from './forms/staff-api';

/**
 * Every staff route under /api, as one app: the workspace's (StaffApi), sign-in (/auth), the site's
 * builds, the backups, sessions and intakes with the door's check-in, certificates, and the people's
 * data with the visitors' requests and the access log, and the books with their refunds. Mounted by
 * server/service.ts each at its own place; typed here together so that the dashboard has one client.
 */
export type StaffRoutes = Hono<
  BlankEnv,
  | ExtractSchema<StaffApi>
  | MergeSchemaPath<ExtractSchema<AuthRoutes>, '/auth'>
  | ExtractSchema<BuildRoutes>
  | ExtractSchema<BackupRoutes>
  | ExtractSchema<StaffSessionRoutes>
  | ExtractSchema<CertificateRoutes>
  | ExtractSchema<PeopleRoutes>
  | ExtractSchema<BooksRoutes>
  | ExtractSchema<RefundRoutes>
>;

export type { FormRoutes } from './service';
export type { PublicApi } from './public-api';
export type { YourDataRoutes } from './privacy/data-requests';
export type { RosterRow } from './sessions/sessions-store';
export type { WaitlistRow } from './sessions/waitlist-store';
export type { LogEntry } from './privacy/access-log-store';
