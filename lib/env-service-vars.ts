import { type VarSpec, text, pattern, integer, boolean, list, origin, optionalVar } from '@/lib/env-value-checks';
import { gstinProblem } from '@/lib/books/gstin';
import { parseRetention } from '@/lib/privacy/retention';
import { type CancellationFee, parseCancellationFees } from '@/lib/bookings/rules';

/** The running service's settings: the bundled server, the submissions service, notifications, the books and visitors' personal data (read by lib/env.ts). */
export const serviceVars = {
  // The bundled server
  PORT: {
    check: integer(1, 65535),
    fallback: 3000,
    doc: 'Port of the bundled server (npm start).',
    scope: 'server',
  } satisfies VarSpec<number>,
  HOST: {
    check: pattern(/^[A-Za-z0-9.:-]+$/, 'a host name or IP address'),
    fallback: '0.0.0.0',
    doc: 'Address the bundled server listens on.',
    scope: 'server',
  } satisfies VarSpec<string>,
  TRUST_PROXY: {
    check: boolean,
    fallback: false,
    doc: 'true when the server sits behind a reverse proxy that sets X-Forwarded-For and X-Forwarded-Proto.',
    scope: 'server',
  } satisfies VarSpec<boolean>,
  TRUSTED_PROXIES: {
    check: list(pattern(/^[0-9A-Fa-f.:]{2,45}$/, 'an IP address')),
    fallback: ['127.0.0.1', '::1'],
    doc: "With TRUST_PROXY: the proxy's IP addresses, comma-separated; X-Forwarded-* headers from any other address are ignored.",
    scope: 'server',
  } satisfies VarSpec<string[]>,
  ALLOWED_ORIGINS: {
    check: list(origin),
    fallback: [],
    doc: "Origins besides SITE_URL's from which staff may sign in, comma-separated (e.g. https://www.studio.example).",
    scope: 'server',
  } satisfies VarSpec<string[]>,

  // The submissions service
  DATABASE_URL: optionalVar(
    pattern(/^postgres(?:ql)?:\/\/\S+$/, 'a PostgreSQL connection URL such as postgres://user:password@host:5432/db'),
    'PostgreSQL connection URL. Empty: the embedded database (PGlite) in DATA_DIR.',
    { secret: true, scope: 'server' },
  ),
  DATA_DIR: {
    check: text(500),
    fallback: 'data/pglite',
    doc: 'Folder of the embedded database when DATABASE_URL is empty; created on first start.',
    scope: 'server',
  } satisfies VarSpec<string>,
  SESSION_TTL_HOURS: {
    check: integer(1, 720),
    fallback: 12,
    doc: 'How long a staff sign-in lasts, in hours.',
    scope: 'server',
  } satisfies VarSpec<number>,
  WAITLIST_OFFER_HOURS: {
    check: integer(1, 168),
    fallback: 24,
    doc: 'How long a seat offered to the first person on a waitlist is held for them to pay, in hours; unanswered, it passes to the next.',
    scope: 'server',
  } satisfies VarSpec<number>,
  WAITLIST_OFFER_CLOSES_MINUTES: {
    check: integer(0, 10080),
    fallback: 180,
    doc: 'How long before a session starts its waitlist offers close, in minutes: an offer holds until the earlier of its hours and this; none is made later.',
    scope: 'server',
  } satisfies VarSpec<number>,
  CHECK_IN_OPENS_MINUTES: {
    check: integer(0, 1440),
    fallback: 60,
    doc: "How long before a session starts the door's check-in opens, in minutes: attendance counts from then until the session ends.",
    scope: 'server',
  } satisfies VarSpec<number>,
  RATE_LIMIT_PER_MINUTE: {
    check: integer(1, 100000),
    fallback: 20,
    doc: 'Form submissions accepted per client address per minute; more get 429.',
    scope: 'server',
  } satisfies VarSpec<number>,
  REBUILD_SECRET: optionalVar(
    (raw) => (raw.length >= 24 ? raw : { error: 'must be at least 24 characters' }),
    'Shared secret of the rebuild webhook (POST /api/rebuild), at least 24 characters. Empty: the webhook is off.',
    { secret: true, scope: 'server' },
  ),
  BUILDS_DIR: {
    check: text(500),
    fallback: 'builds',
    doc: 'Folder the rebuild webhook builds into (one sub-folder per build); used only when REBUILD_SECRET is set.',
    scope: 'server',
  } satisfies VarSpec<string>,
  BACKUP_DIR: optionalVar(
    text(500),
    'Folder of the database backups: the daily one (7 daily and 4 weekly kept) and those of npm run db:backup. Empty: the path of DATA_DIR followed by -backups (data/pglite-backups).',
  ),
  BACKUP_COPY_TO: optionalVar(
    text(500),
    'A second folder (another disk, a mounted share) that every backup is copied to after it is written, daily and npm run db:backup alike (owner-only modes, as in BACKUP_DIR). Empty: no copy.',
    { scope: 'server' },
  ),
  LOG_DIR: {
    check: text(500),
    fallback: 'logs',
    doc: "Folder of the site's log (site.log, mode 600 in a folder of mode 700: one line per start or failed start, stop, build, update, backup, job, storage outage, server error and owner's command; rotated at 1 MB, 3 older files kept), shown by npm run logs. journal: standard output only, for systemd's journal (the shipped unit sets it).",
    scope: 'server',
  } satisfies VarSpec<string>,

  // The staff workspace's notifications
  SMTP_URL: optionalVar(
    pattern(/^smtps?:\/\/\S+$/, 'an SMTP URL such as smtps://user:password@smtp.example.com:465'),
    'SMTP server for e-mail (nodemailer URL): staff notifications (submissions, claims, data requests) with NOTIFY_TO, registrants\' messages with a sender, visitors\' "Your data" links and answers. Empty: no e-mail is queued or sent.',
    { secret: true, scope: 'server' },
  ),
  NOTIFY_TO: optionalVar(
    pattern(/^[^\s@,]+@[^\s@,]+(?:,[^\s@,]+@[^\s@,]+)*$/, 'one or more e-mail addresses, comma-separated'),
    'Where each new submission, payment claim and data request (and an overdue request) is announced by e-mail (comma-separated addresses).',
    { scope: 'server' },
  ),
  NOTIFY_FROM: optionalVar(
    text(200),
    'Sender of every e-mail, such as "Studio site <site@example.com>"; with SMTP_URL it turns on registrants\' confirmations, invitations and reminders. Empty: the first NOTIFY_TO address.',
    { scope: 'server' },
  ),

  // The books: tax invoices, credit notes and the month's return (lib/books, server/books/books.ts)
  STUDIO_GSTIN: optionalVar(
    (raw) => {
      const problem = gstinProblem(raw.toUpperCase());
      return problem ? { error: problem } : raw.toUpperCase();
    },
    "The studio's GSTIN. Set: every verified payment gets a tax invoice (CGST + SGST or IGST). Empty (a studio below the GST threshold): a plain payment receipt, no tax line.",
    { scope: 'server' },
  ),
  STUDIO_LEGAL_NAME: optionalVar(
    text(120),
    "The studio's legal name as registered for GST, printed on invoices (default: STUDIO_NAME).",
    { scope: 'server' },
  ),
  INVOICE_PREFIX: {
    check: pattern(
      /^[A-Z0-9]{1,3}$/,
      '1 to 3 capital letters or digits (a number such as INV/26-27/00001 stays within 16 characters)',
    ),
    fallback: 'INV',
    scope: 'server',
    doc: "The invoice series' prefix: numbers run INV/26-27/00001, INV/26-27/00002 … and start again each April; credit notes run INVC/26-27/00001 ….",
  } satisfies VarSpec<string>,
  SAC_MASTERCLASS: {
    check: pattern(/^99\d{4}$/, 'a 6-digit SAC code starting 99, such as 999293 or 999291'),
    fallback: '999293',
    scope: 'server',
    doc: "SAC code on the masterclass's invoices: 999293 commercial training and coaching (default) or 999291 cultural education; the accountant decides.",
  } satisfies VarSpec<string>,
  SAC_COURSE: {
    check: pattern(/^99\d{4}$/, 'a 6-digit SAC code starting 99, such as 999293 or 999291'),
    fallback: '999293',
    scope: 'server',
    doc: "SAC code on the course registration fee's invoices (see SAC_MASTERCLASS).",
  } satisfies VarSpec<string>,

  // Studio bookings: rooms and engineers booked online, held by a deposit (lib/bookings, server/bookings)
  BOOKING_MIN_HOURS: {
    check: integer(1, 24),
    fallback: 3,
    doc: 'The fewest hours a studio booking may last.',
    scope: 'server',
  } satisfies VarSpec<number>,
  BOOKING_MAX_HOURS: {
    check: integer(1, 24),
    fallback: 12,
    doc: 'The most hours one studio booking may last (at least BOOKING_MIN_HOURS).',
    scope: 'server',
  } satisfies VarSpec<number>,
  BOOKING_BUFFER_HOURS: {
    check: integer(0, 12),
    fallback: 1,
    doc: 'Hours kept free after each booking of a room or an engineer before the next may start.',
    scope: 'server',
  } satisfies VarSpec<number>,
  BOOKING_DEPOSIT_PERCENT: {
    check: integer(1, 100),
    fallback: 50,
    doc: 'The deposit that confirms a booking, as a percentage of its price with GST.',
    scope: 'server',
  } satisfies VarSpec<number>,
  BOOKING_HOLD_HOURS: {
    check: integer(1, 168),
    fallback: 24,
    doc: 'How long a booking is held waiting for its deposit, in hours; unpaid, it lapses and its time is free again.',
    scope: 'server',
  } satisfies VarSpec<number>,
  BOOKING_NOTICE_HOURS: {
    check: integer(0, 720),
    fallback: 48,
    doc: 'The least notice between making a booking and its start, in hours.',
    scope: 'server',
  } satisfies VarSpec<number>,
  BOOKING_CANCELLATION_FEES: {
    check: (raw) => parseCancellationFees(raw),
    fallback: [
      { withinHours: 48, keptPercent: 50 },
      { withinHours: 24, keptPercent: 100 },
    ],
    doc: 'What a cancellation keeps of the price: hours before the start:percent kept, comma-separated (48:50,24:100 keeps half inside 48 hours and all inside 24).',
    scope: 'server',
  } satisfies VarSpec<CancellationFee[]>,

  // Visitors' personal data (lib/privacy)
  RETENTION_DAYS: {
    check: (raw) => parseRetention(raw),
    fallback: {},
    doc: "Days each form's submissions are kept before the daily purge erases them, overriding the defaults (lib/privacy/retention.ts), e.g. query=180,talent-show=365.",
  } satisfies VarSpec<Record<string, number>>,
  STUDIO_GRIEVANCE_NAME: optionalVar(
    text(120),
    'Name (or role) of the person who answers privacy requests and complaints, shown in the privacy notice and the footer.',
  ),
  STUDIO_GRIEVANCE_EMAIL: optionalVar(
    pattern(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'an e-mail address'),
    'E-mail address of that grievance contact.',
  ),
} as const;
