/**
 * The range of the numbers the studio's database keeps: every id (submissions, sessions, seats,
 * claims, invoices, refunds, requests) and every amount in paise is a PostgreSQL `integer`
 * (server/store/schema.sql). A number sent from outside is checked against it where it comes in, so
 * that one past it is refused with a message instead of failing in the database.
 */

/** The largest value of a PostgreSQL `integer`. */
export const maxStoredInteger = 2_147_483_647;

/** Whether `value` is a whole number from 1 to `maxStoredInteger`: an id or an amount the database can keep. */
const isStoredInteger = (value: number): boolean => Number.isInteger(value) && value >= 1 && value <= maxStoredInteger;

/** The id that decimal digits name (a path's or a token's), or undefined when no stored row can have it. */
export function storedIdOf(digits: string): number | undefined {
  if (!/^\d{1,12}$/.test(digits)) return undefined;
  const id = Number(digits);
  return isStoredInteger(id) ? id : undefined;
}
