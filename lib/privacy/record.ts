import type { PersonKey } from './person';

/** Everything held about one person, as staff see it and the visitor downloads it. */
export interface PersonSubmission {
  form: string;
  id: number;
  payload: Record<string, unknown>;
  status: string;
  note: string;
  noticeVersion: string | null;
  receivedAt: string;
  history: Array<{ staff: string; status: string | null; note: string | null; field: string | null; at: string }>;
}

interface PersonClaim {
  id: number;
  utr: string;
  contact: string;
  reference: string;
  amountPaise: number;
  status: string;
  receivedAt: string;
}

interface PersonMessage {
  id: number;
  about: string;
  createdAt: string;
  sentAt: string | null;
}

interface PersonRequest {
  id: number;
  kind: string;
  status: string;
  details: string;
  createdAt: string;
  dueAt: string;
  doneAt: string | null;
}

/** A certificate issued to one of the person's registrations (the name it shows is theirs). */
interface PersonCertificate {
  serial: string;
  registrationId: number;
  kind: string;
  holderName: string;
  course: string;
  issuedAt: string;
  status: string;
}

export interface PersonRecord {
  key: PersonKey;
  submissions: PersonSubmission[];
  claims: PersonClaim[];
  certificates: PersonCertificate[];
  messages: PersonMessage[];
  requests: PersonRequest[];
}

/** One line per value held, for the CSV export: which record, which field, what value. */
export interface PersonLine {
  record: string;
  form: string;
  id: string;
  received: string;
  field: string;
  value: string;
}

const text = (value: unknown): string =>
  Array.isArray(value) ? value.map(String).join('; ') : value == null ? '' : String(value);

/** The record as lines: each submission's fields, status, note and history, each claim, each certificate, each e-mail record, each request. */
export function personLines(record: PersonRecord): PersonLine[] {
  const lines: PersonLine[] = [];
  for (const s of record.submissions) {
    const base = { record: 'submission', form: s.form, id: String(s.id), received: s.receivedAt };
    for (const [field, value] of Object.entries(s.payload)) lines.push({ ...base, field, value: text(value) });
    lines.push({ ...base, field: 'status', value: s.status });
    if (s.note) lines.push({ ...base, field: 'note', value: s.note });
    lines.push({ ...base, field: 'privacy notice version', value: s.noticeVersion ?? '' });
    for (const h of s.history) {
      const change = h.field
        ? `${h.field} corrected`
        : [h.status && `status ${h.status}`, h.note !== null && `note "${h.note}"`].filter(Boolean).join(', ');
      lines.push({ ...base, field: 'history', value: `${h.at} ${change}` });
    }
  }
  for (const c of record.claims) {
    const base = { record: 'payment claim', form: c.reference, id: String(c.id), received: c.receivedAt };
    lines.push({ ...base, field: 'contact', value: c.contact });
    lines.push({ ...base, field: 'UTR', value: c.utr });
    lines.push({ ...base, field: 'amount (INR)', value: (c.amountPaise / 100).toFixed(2) });
    lines.push({ ...base, field: 'status', value: c.status });
  }
  for (const c of record.certificates) {
    const base = { record: 'certificate', form: c.kind, id: c.serial, received: c.issuedAt };
    lines.push({ ...base, field: 'name', value: c.holderName });
    lines.push({ ...base, field: 'course', value: c.course });
    lines.push({ ...base, field: 'status', value: c.status });
  }
  for (const m of record.messages) {
    lines.push({
      record: 'e-mail record',
      form: '',
      id: String(m.id),
      received: m.createdAt,
      field: m.about,
      value: m.sentAt ? `sent ${m.sentAt}` : 'not sent yet',
    });
  }
  for (const r of record.requests) {
    lines.push({
      record: 'your request',
      form: '',
      id: String(r.id),
      received: r.createdAt,
      field: r.kind,
      value: `${r.status}, due ${r.dueAt}${r.details ? `: ${r.details}` : ''}`,
    });
  }
  return lines;
}
