/**
 * The most characters each kind of field accepts: generous for people, small enough that one
 * submission stays a few kilobytes and one dashboard row stays readable. A field's declaration
 * names its own limit; these are the usual ones.
 */
export const MAX = {
  name: 100,
  /** RFC 5321's limit for a whole address. */
  email: 254,
  phone: 15,
  short: 200,
  link: 500,
  long: 2000,
} as const;
