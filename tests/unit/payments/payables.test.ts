import { booksConfig } from '@/lib/books/config';
import { parseEnv } from '@/lib/env';
import { inboxForms } from '@/lib/forms/registry';
import { claimProblems } from '@/lib/payments/claim';
import {
  paidForms,
  payableOfForm,
  payableOfKind,
  payableOfPrefix,
  payableOfReference,
  payables,
} from '@/lib/payments/payables';
import { createReference } from '@/lib/payments/reference';
import { isRoutePath } from '@/lib/routes';
import { getStudio } from '@/lib/studio';

describe('the kinds of payment', () => {
  it('give each kind its own name and its own prefix, two capital letters that start no other', () => {
    const prefixes = payables.map((p) => p.prefix);
    expect(new Set(prefixes).size).toBe(payables.length);
    expect(new Set(payables.map((p) => p.kind)).size).toBe(payables.length);
    for (const prefix of prefixes) {
      expect(prefix).toMatch(/^[A-Z]{2}$/);
      expect(prefixes.filter((other) => other.startsWith(prefix))).toEqual([prefix]);
    }
  });

  it('know each kind again from a reference its page makes, and from its name and prefix', () => {
    for (const payable of payables) {
      const reference = createReference(payable.prefix);
      expect(payableOfReference(reference)).toBe(payable);
      expect(payableOfKind(payable.kind)).toBe(payable);
      expect(payableOfPrefix(payable.prefix)).toBe(payable);
      expect(claimProblems({ utr: '123456789012', contact: '9876543210', reference, amountPaise: 100 })).toEqual({});
    }
    expect(payableOfReference('MCLX2ABCDEFGH')?.kind).toBe('masterclass');
    expect(payableOfReference('CRLX2ABCDEFGH')?.kind).toBe('course');
  });

  it('refuse a reference, a name or a prefix of no kind: never taken for a course', () => {
    for (const reference of ['XXLX2ABCDEFGH', 'mcLX2ABCDEFGH', 'M', '']) {
      expect(payableOfReference(reference)).toBeUndefined();
      expect(claimProblems({ utr: '123456789012', contact: '9876543210', reference, amountPaise: 100 }).reference).toBe(
        'This page has no payment reference yet. Reload the page and try again.',
      );
    }
    expect(payableOfKind('workshop')).toBeUndefined();
    expect(payableOfPrefix('XX')).toBeUndefined();
    expect(payableOfPrefix(['MC'])).toBeUndefined();
    expect(payableOfForm('query')).toBeUndefined();
  });

  it('are each paid on a page of the site', () => {
    for (const payable of payables) expect(isRoutePath(payable.page)).toBe(true);
  });

  it("pay for registration forms whose declaration goes on to the kind's payment page, each form in one kind", () => {
    expect(new Set(paidForms).size).toBe(paidForms.length);
    for (const payable of payables) {
      for (const form of payable.forms) {
        expect(Object.keys(inboxForms)).toContain(form);
        expect(inboxForms[form as keyof typeof inboxForms].declaration.successPath).toBe(payable.page);
        expect(payableOfForm(form)).toBe(payable);
      }
    }
    expect(payableOfForm('masterclass')?.kind).toBe('masterclass');
    expect(payableOfForm('diploma')?.kind).toBe('course');
  });

  it("supply on the invoice what the row says, at the row's price, with the configured SAC code", () => {
    const env = parseEnv({ SAC_MASTERCLASS: '999291', SAC_COURSE: '999293' });
    const books = booksConfig(env, getStudio(env));
    expect(books.supplies.masterclass).toEqual({
      sac: '999291',
      description: 'Online music production masterclass (Cultural education services)',
      taxablePaise: 9_900,
    });
    expect(books.supplies.course).toEqual({
      sac: '999293',
      description: 'Course registration fee (Commercial training and coaching services)',
      taxablePaise: 99_900,
    });
  });
});
