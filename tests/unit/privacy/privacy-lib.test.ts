import { formNotice } from '@/content/privacy-notice';
import { parseEnv } from '@/lib/env';
import { personCsv } from '@/lib/privacy/export';
import { keysOfPayload, maskedKey, personKeyOf } from '@/lib/privacy/person';
import type { PersonRecord } from '@/lib/privacy/record';
import { parseRetention, periodInWords, retentionDaysOf } from '@/lib/privacy/retention';

describe('a person, as staff and visitors name them', () => {
  it('is an e-mail in lower case or the last ten digits of a phone', () => {
    expect(personKeyOf('  Asha.V@Example.COM ')).toEqual({ kind: 'email', value: 'asha.v@example.com' });
    expect(personKeyOf('+91 98765-43210')).toEqual({ kind: 'phone', value: '9876543210' });
    expect(personKeyOf('098765 43210')).toEqual({ kind: 'phone', value: '9876543210' });
    for (const bad of ['', 'asha', 'asha@', '12345', 'call 9876543210', 'x'.repeat(300)]) {
      expect(personKeyOf(bad)).toBeUndefined();
    }
  });

  it("reads every form's e-mail and phone keys, and masks an address for headings", () => {
    expect(keysOfPayload({ Email: 'A@B.in', ContactNumber: '+91 98765 43210', Name: 'A', mobile: '12' })).toEqual([
      { kind: 'email', value: 'a@b.in' },
      { kind: 'phone', value: '9876543210' },
    ]);
    expect(maskedKey({ kind: 'email', value: 'asha@example.com' })).toBe('a•••@example.com');
    expect(maskedKey({ kind: 'phone', value: '9876543210' })).toBe('••••••3210');
  });
});

describe('retention', () => {
  it('has a period per form, overridable by RETENTION_DAYS, refused with a clear message when wrong', () => {
    expect(retentionDaysOf('query')).toBe(365);
    expect(retentionDaysOf('certification')).toBe(1095);
    expect(retentionDaysOf('a-new-form')).toBe(730);
    expect(retentionDaysOf('query', parseEnv({ RETENTION_DAYS: 'query=180' }).RETENTION_DAYS)).toBe(180);
    expect(parseRetention('query=3')).toEqual({ error: 'gives query 3 days; a period is 7 to 3650 days' });
    expect(() => parseEnv({ RETENTION_DAYS: 'query:180' })).toThrow(/RETENTION_DAYS must be form=days pairs/);
    expect(periodInWords(730)).toBe('2 years');
    expect(periodInWords(180)).toBe('6 months');
  });
});

describe("the forms' notice", () => {
  it('says what, why, how long, and asks a parent or guardian to submit for anyone under 18 where minors may register', () => {
    expect(formNotice('query').text).toBe(
      'We collect your name, e-mail and question to answer your question, and keep it for 1 year unless you ask us to erase it sooner. You can see, download, correct or erase your data at any time.',
    );
    expect(formNotice('query').minors).toBeUndefined();
    for (const form of ['talent-show', 'masterclass', 'certification', 'diploma']) {
      expect(formNotice(form).minors).toBe(
        'If you are under 18, a parent or guardian must fill in and submit this form for you.',
      );
    }
  });
});

describe("a person's CSV", () => {
  it('has a line per value, formulas guarded', () => {
    const record: PersonRecord = {
      key: { kind: 'email', value: 'a@b.in' },
      submissions: [
        {
          form: 'query',
          id: 7,
          payload: { Name: '=HYPERLINK("x")', Email: 'a@b.in' },
          status: 'new',
          note: '',
          noticeVersion: '2026-11-24',
          receivedAt: '2026-11-24T10:00:00.000Z',
          history: [{ staff: 'meera', status: null, note: null, field: 'Name', at: '2026-11-24T11:00:00.000Z' }],
        },
      ],
      claims: [],
      messages: [],
      certificates: [],
      requests: [],
    };
    expect(personCsv(record).split('\r\n')).toEqual([
      '\uFEFFRecord,Form or reference,ID,Received,Field,Value',
      `submission,query,7,2026-11-24T10:00:00.000Z,Name,"'=HYPERLINK(""x"")"`,
      'submission,query,7,2026-11-24T10:00:00.000Z,Email,a@b.in',
      'submission,query,7,2026-11-24T10:00:00.000Z,status,new',
      'submission,query,7,2026-11-24T10:00:00.000Z,privacy notice version,2026-11-24',
      'submission,query,7,2026-11-24T10:00:00.000Z,history,2026-11-24T11:00:00.000Z Name corrected',
      '',
    ]);
  });
});
