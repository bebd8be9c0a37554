/**
 * The service's routes as types, for the browser's client (lib/service-client.ts). Types only:
 * `export type` never loads a module, so the browser bundle holds none of the server and lib/
 * never imports server/ at run time (no import cycle).
 */
export type { FormRoutes } from './service';
export type { PublicApi } from './public-api';
export type { StaffApi } from './staff-api';
export type { YourDataRoutes } from './data-requests';
export type { BuildRecord } from './store/store';
export type { RosterRow } from './store/sessions';
export type { WaitlistRow } from './store/waitlist';
export type { DataRequest, LogEntry } from './store/people';
