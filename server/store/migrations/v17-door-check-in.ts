export const doorCheckIn = {
  version: 17,
  name: 'attendance at the door: when a seat was checked in',
  sql: `
      -- Offline attendance: set once when door staff scan the ticket (online attendance is joined_at).
      ALTER TABLE session_seats ADD COLUMN checked_in_at timestamptz;
    `,
};
