/**
 * The routes visitors' and registrants' pages call, as one type for the browser's typed client
 * (`publicClient` in lib/service-client.ts, through server/contract.ts). Types only: each route
 * file mounts its own routes (server/service.ts); this picks the public ones out of their types.
 */
import type { Hono } from 'hono';
import type { BlankEnv, ExtractSchema } from 'hono/types';
import type { bookingRoutes } from './bookings/bookings';
import type { refundRoutes } from './books/books-refunds';
import type { booksRoutes } from './books/books';
import type { certificateRoutes } from './certificates/certificates';
import type { visitorRoutes } from './sessions/visitor-routes';

/** The routes of `App` at `Paths` (the compiler checks that each is one of its routes). */
type RoutesOf<App, Paths extends keyof ExtractSchema<App>> = Pick<ExtractSchema<App>, Paths>;

/**
 * The routes a visitor's or registrant's page calls, under /api: the public list of sessions, the
 * certificate check, the registrant's page, join link, certificates, invoices, credit notes and refund request,
 * and the studio's bookings (free time, a hold, a held booking)
 * (their staff neighbours are left out).
 */
export type PublicApi = Hono<
  BlankEnv,
  ExtractSchema<ReturnType<typeof visitorRoutes>> &
    RoutesOf<
      ReturnType<typeof certificateRoutes>,
      '/certificates/:serial' | '/registrant/certificates' | '/registrant/certificates/:serial/pdf'
    > &
    RoutesOf<
      ReturnType<typeof booksRoutes>,
      '/books/registrant/invoices/:id{[0-9]{1,9}}/pdf' | '/books/registrant/credit-notes/:id{[0-9]{1,9}}/pdf'
    > &
    RoutesOf<ReturnType<typeof refundRoutes>, '/books/registrant' | '/books/registrant/refund'> &
    ExtractSchema<ReturnType<typeof bookingRoutes>>,
  '/'
>;
