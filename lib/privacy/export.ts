import { toCsv } from '@/lib/csv';
import { type PersonRecord, personLines, type PersonLine } from './record';

/** The CSV of one person's data: a line per value held, formulas guarded (lib/csv). */
export function personCsv(record: PersonRecord): string {
  const column = (header: string, key: keyof PersonLine) => ({ header, value: (l: PersonLine) => l[key] });
  return `\uFEFF${toCsv(
    [
      column('Record', 'record'),
      column('Form or reference', 'form'),
      column('ID', 'id'),
      column('Received', 'received'),
      column('Field', 'field'),
      column('Value', 'value'),
    ],
    personLines(record),
  )}`;
}

/** The JSON download of one person's data, with what it is and when it was made. */
export function personJson(record: PersonRecord, studio: string, now: Date): string {
  return JSON.stringify({ madeBy: studio, madeAt: now.toISOString(), ...record }, null, 2);
}

/** A download's file name: no address in it. */
export function personFileName(ext: 'csv' | 'json', now: Date): string {
  return `personal-data-${now.toISOString().slice(0, 10)}.${ext}`;
}
