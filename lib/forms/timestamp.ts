/** The Timestamp of every payload: the visitor's local date and time at submit, as an Indian-English string. */
export function formTimestamp(date: Date = new Date()): string {
  return date.toLocaleString('en-IN');
}
