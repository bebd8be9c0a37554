import { erasureSummary } from '@/lib/privacy/erasure';
import type { PersonRecord } from '@/lib/privacy/record';
import { openRequestsNote } from '@/lib/privacy/requests';

const submission = (payload: Record<string, unknown>) => ({
  form: 'masterclass',
  id: 1,
  payload,
  status: 'new',
  note: '',
  noticeVersion: null,
  receivedAt: '2026-11-20T10:00:00Z',
  history: [],
});
const claim = (status: string) => ({
  id: 1,
  utr: '111122223333',
  contact: 'asha@example.com',
  reference: 'MC0ABCDEFGH',
  amountPaise: 49_900,
  status,
  receivedAt: '2026-11-20T10:00:00Z',
});

describe('the confirmation before an erasure', () => {
  it('names the person by a name held and the address, and says what goes and what is kept', () => {
    const record: PersonRecord = {
      key: { kind: 'email', value: 'asha@example.com' },
      submissions: [submission({ FullName: 'Asha Verma', Email: 'asha@example.com' }), submission({ Query: 'x' })],
      claims: [claim('verified'), claim('pending')],
      messages: [{ id: 1, about: 'masterclass submission 1', createdAt: '2026-11-20T10:00:00Z', sentAt: null }],
      certificates: [
        {
          serial: 'CERT-2026-7K3M9QXP2B',
          registrationId: 1,
          kind: 'participation',
          holderName: 'Asha Verma',
          course: 'Music Production Masterclass',
          issuedAt: '2026-11-21T10:00:00Z',
          status: 'valid',
        },
      ],
      requests: [],
    };
    expect(erasureSummary(record)).toEqual({
      who: 'Asha Verma (asha@example.com)',
      what: [
        '2 form submissions with their notes and history',
        '1 payment claim',
        '1 e-mail record',
        'their "Your data" links, and the text of their requests',
        '1 certificate: withdrawn (the verification page then says so, and names no one)',
        '1 verified payment: kept for the tax records (amount, date, UTR), without the contact; their invoices and credit notes stay with the name and state only (kept 72 months under the GST Act)',
      ],
    });
  });

  it('names the address alone when no name is held', () => {
    const record: PersonRecord = {
      key: { kind: 'phone', value: '9876543210' },
      submissions: [],
      claims: [],
      messages: [],
      certificates: [],
      requests: [],
    };
    expect(erasureSummary(record).who).toBe('9876543210');
    expect(erasureSummary(record).what[0]).toBe('0 form submissions with their notes and history');
  });
});

describe("the sidebar's line under Data requests", () => {
  it('says how many are overdue, else when the next is due (India time), and nothing with none open', () => {
    expect(openRequestsNote(undefined)).toBe('');
    expect(openRequestsNote({ open: 0, overdue: 0, earliestDue: null })).toBe('');
    expect(openRequestsNote({ open: 2, overdue: 1, earliestDue: '2026-11-01T00:00:00Z' })).toBe('1 overdue');
    // 20:00 UTC on 25 Dec is 01:30 on 26 Dec in India.
    expect(openRequestsNote({ open: 1, overdue: 0, earliestDue: '2026-12-25T20:00:00Z' })).toBe('next due 26 Dec');
  });
});
