export const doorScan = {
  version: 20,
  name: 'attendance at the door: the scan that checked a seat in',
  sql: `
      -- The phone's own id of the scan that checked the seat in: that scan sent again (a queued
      -- offline scan replayed) gets the same answer, never a second check-in.
      ALTER TABLE session_seats ADD COLUMN checked_in_scan text;
    `,
};
