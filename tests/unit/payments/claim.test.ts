import { claimProblems } from '@/lib/payments/claim';
import { payableOfReference } from '@/lib/payments/payables';

const valid = { utr: '123456789012', contact: 'asha@example.com', reference: 'MCLX2ABCDEFGH', amountPaise: 11682 };

describe('a payment claim', () => {
  it('accepts a 12-digit UTR with an e-mail or an Indian mobile number', () => {
    expect(claimProblems(valid)).toEqual({});
    for (const contact of ['9876543210', '+91 98765 43210', '098765-43210']) {
      expect(claimProblems({ ...valid, contact })).toEqual({});
    }
  });

  it('refuses a UTR that is not exactly 12 digits', () => {
    for (const utr of ['12345678901', '1234567890123', '12345678901a', '']) {
      expect(claimProblems({ ...valid, utr }).utr).toMatch(/12-digit/);
    }
  });

  it('refuses a contact that is neither, a foreign reference and a bad amount', () => {
    expect(Object.keys(claimProblems({ ...valid, contact: '12345', reference: 'XX1', amountPaise: 0 }))).toEqual([
      'contact',
      'reference',
      'amountPaise',
    ]);
  });

  it('matches masterclass references to the masterclass, course references to the course forms', () => {
    expect(payableOfReference('MCABC')?.forms).toEqual(['masterclass']);
    expect(payableOfReference('CRABC')?.forms).toEqual(['certification', 'diploma']);
  });
});
