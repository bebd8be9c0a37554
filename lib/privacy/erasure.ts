import type { PersonRecord } from './record';

/** What staff confirm before an erasure: whom (a name held, and the address) and what goes. */
export interface ErasureSummary {
  who: string;
  what: string[];
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The first name a submission holds (a field called name, fullName, FullName…), if any. */
function nameIn(record: PersonRecord): string | undefined {
  for (const s of record.submissions)
    for (const [key, value] of Object.entries(s.payload))
      if (/^(full_?)?name$/i.test(key) && typeof value === 'string' && value.trim()) return value.trim();
  return undefined;
}

/** The person and what erasing them removes, as the confirmation names them. */
export function erasureSummary(record: PersonRecord): ErasureSummary {
  const address = record.key.value;
  const name = nameIn(record);
  const kept = record.claims.filter((c) => c.status === 'verified').length;
  const what = [
    `${plural(record.submissions.length, 'form submission')} with their notes and history`,
    `${plural(record.claims.length - kept, 'payment claim')}`,
    `${plural(record.messages.length, 'e-mail record')}`,
    'their "Your data" links, and the text of their requests',
  ];
  const certificates = record.certificates.filter((c) => c.status !== 'withdrawn').length;
  if (certificates > 0)
    what.push(
      `${plural(certificates, 'certificate')}: withdrawn (the verification page then says so, and names no one)`,
    );
  if (kept > 0)
    what.push(
      `${plural(kept, 'verified payment')}: kept for the tax records (amount, date, UTR), without the contact; ` +
        'their invoices and credit notes stay with the name and state only (kept 72 months under the GST Act)',
    );
  return { who: name ? `${name} (${address})` : address, what };
}
