/**
 * The service's routes as types, for the browser's client (lib/service-client.ts). Types only:
 * `export type` never loads a module, so the browser bundle holds none of the server and lib/
 * never imports server/ at run time (no import cycle).
 */
import type { Hono } from 'hono';
import type { BlankEnv, ExtractSchema } from 'hono/types';
import type { refundRoutes } from './books-refunds';
import type { booksRoutes } from './books';
import type { certificateRoutes } from './certificates';
import type { visitorRoutes } from './sessions';

export type { FormRoutes } from './service';
export type { StaffApi } from './staff-api';
export type { BuildRecord } from './store/store';
export type { RosterRow } from './store/sessions';
export type { WaitlistRow } from './store/waitlist';
export type { DataRequest, LogEntry } from './store/people';

/** The routes of `App` at `Paths` (the compiler checks that each is one of its routes). */
type RoutesOf<App, Paths extends keyof ExtractSchema<App>> = Pick<ExtractSchema<App>, Paths>;

/**
 * The routes a visitor's or registrant's page calls, under /api: the public list of sessions, the
 * certificate check, and the registrant's page, join link, certificates, invoices and refund request
 * (their staff neighbours are left out).
 */
export type PublicApi = Hono<
  BlankEnv,
  ExtractSchema<ReturnType<typeof visitorRoutes>> &
    RoutesOf<
      ReturnType<typeof certificateRoutes>,
      '/certificates/:serial' | '/registrant/certificates' | '/registrant/certificates/:serial/pdf'
    > &
    RoutesOf<ReturnType<typeof booksRoutes>, '/books/registrant/invoices/:id{[0-9]{1,9}}/pdf'> &
    RoutesOf<ReturnType<typeof refundRoutes>, '/books/registrant' | '/books/registrant/refund'>,
  '/'
>;
