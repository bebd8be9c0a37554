import { firstTables } from './migrations/v01-first-tables';
import { buildDuration } from './migrations/v02-build-duration';
import { staffWorkspace } from './migrations/v03-staff-workspace';
import { dailyJobs } from './migrations/v04-daily-jobs';
import { severalInstances } from './migrations/v05-several-instances';
import { oneSubmissionsTable } from './migrations/v06-one-submissions-table';
import { statementMappings } from './migrations/v10-statement-mappings';
import { sessionsAndSeats } from './migrations/v11-sessions-and-seats';
import { personalData } from './migrations/v12-personal-data';
import { courseIntakes } from './migrations/v13-course-intakes';
import { accessLogAppendOnly } from './migrations/v14-access-log-append-only';
import { seatLinkKeys } from './migrations/v15-seat-link-keys';
import { theBooks } from './migrations/v16-the-books';
import { doorCheckIn } from './migrations/v17-door-check-in';
import { waitlists } from './migrations/v18-waitlists';
import { certificates } from './migrations/v19-certificates';
import { doorScan } from './migrations/v20-door-scan';
import { replacedBuilds } from './migrations/v21-replaced-builds';
import { paymentKinds } from './migrations/v22-payment-kinds';
import { submissionPerson } from './migrations/v23-submission-person';
import { moneyReceived } from './migrations/v24-money-received';
import { registrationRules } from './migrations/v25-registration-rules';
import { duplicateRefunds } from './migrations/v26-duplicate-refunds';
import { studioBookings } from './migrations/v27-studio-bookings';
import { advanceVouchers } from './migrations/v28-advance-vouchers';
import { bookingDeposits } from './migrations/v29-booking-deposits';

/**
 * Versioned schema changes, applied in order on start by both drivers (the same SQL for PGlite and
 * PostgreSQL), one file each in migrations/. Never edit a released migration: add the next one, list
 * it here, and refresh schema.sql (`npm run db:schema`), the schema they leave.
 */
export const migrations: ReadonlyArray<{ version: number; name: string; sql: string }> = [
  firstTables,
  buildDuration,
  staffWorkspace,
  dailyJobs,
  severalInstances,
  oneSubmissionsTable,
  statementMappings,
  sessionsAndSeats,
  personalData,
  courseIntakes,
  accessLogAppendOnly,
  seatLinkKeys,
  theBooks,
  doorCheckIn,
  waitlists,
  certificates,
  doorScan,
  replacedBuilds,
  paymentKinds,
  submissionPerson,
  moneyReceived,
  registrationRules,
  duplicateRefunds,
  studioBookings,
  advanceVouchers,
  bookingDeposits,
];
