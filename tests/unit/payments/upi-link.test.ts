import {
  amountOfLink,
  encodeUpiValue,
  upiAppLink,
  upiLink,
  upiNote,
  upiQuery,
  type UpiRequest,
} from '@/lib/payments/upi-link';

const request: UpiRequest = {
  payeeId: 'one11studios@okaxis',
  payeeName: 'One11 Studios',
  amountPaise: 11682,
  note: 'Masterclass MCABC123',
  reference: 'MCABC123',
};

describe('the UPI link builder', () => {
  it('writes pa, pn, am, cu, tn and tr in order', () => {
    expect(upiLink(request)).toBe(
      'upi://pay?pa=one11studios@okaxis&pn=One11%20Studios&am=116.82&cu=INR&tn=Masterclass%20MCABC123&tr=MCABC123',
    );
  });

  it('carries the course total with two decimals', () => {
    expect(amountOfLink(upiLink({ ...request, amountPaise: 117882 }))).toBe('1178.82');
  });

  it('encodes spaces as %20 and never writes +', () => {
    const link = upiLink({ ...request, payeeName: 'A B  C', note: 'Fee for A+B' });
    expect(link).toContain('pn=A%20B%20%20C');
    expect(link).toContain('tn=Fee%20for%20A%2BB');
    expect(link.split('?')[1]).not.toMatch(/\+/);
  });

  it('escapes & = ? # and the characters encodeURIComponent leaves alone', () => {
    expect(encodeUpiValue("Tom & Jerry's = (Studio)? #1 *!")).toBe(
      'Tom%20%26%20Jerry%27s%20%3D%20%28Studio%29%3F%20%231%20%2A%21',
    );
    const link = upiLink({ ...request, payeeName: 'Rhythm & Blues' });
    expect(link).toContain('pn=Rhythm%20%26%20Blues&');
    expect(link.match(/&/g)).toHaveLength(5);
  });

  it('keeps @ readable in the payee id', () => {
    expect(upiLink(request)).toContain('pa=one11studios@okaxis&');
    expect(upiLink(request)).not.toContain('%40');
  });

  it('encodes non-ASCII payee names as UTF-8', () => {
    expect(upiLink({ ...request, payeeName: 'संगीत स्टूडियो' })).toContain(
      `pn=${encodeURIComponent('संगीत')}%20${encodeURIComponent('स्टूडियो')}&`,
    );
    expect(encodeUpiValue('Café')).toBe('Caf%C3%A9');
  });

  it('keeps the note ASCII and at most 50 characters', () => {
    expect(upiNote('Café ₹ fee')).toBe('Cafe fee');
    expect(upiNote('x'.repeat(80))).toHaveLength(50);
    expect(upiNote('  spaced\n\tout  ')).toBe('spaced out');
  });

  it('sends no merchant code or transaction id it does not own', () => {
    expect(upiQuery(request)).not.toMatch(/(^|&)(mc|tid)=/);
  });

  it('rejects a bad payee id or reference rather than building a link that fails in the app', () => {
    expect(() => upiLink({ ...request, payeeId: 'not a vpa' })).toThrow('Not a UPI id');
    expect(() => upiLink({ ...request, reference: 'has-dash' })).toThrow('Not a UPI reference');
    expect(() => upiLink({ ...request, reference: 'A'.repeat(36) })).toThrow('Not a UPI reference');
    expect(() => upiLink({ ...request, payeeName: '  ' })).toThrow('payee name');
  });

  it('targets one app with an intent link on Android and the app scheme on iOS', () => {
    const query = upiQuery(request);
    expect(upiAppLink('gpay', 'android', request)).toBe(
      `intent://pay?${query}#Intent;scheme=upi;package=com.google.android.apps.nbu.paisa.user;end`,
    );
    expect(upiAppLink('phonepe', 'android', request)).toContain(';package=com.phonepe.app;end');
    expect(upiAppLink('paytm', 'android', request)).toContain(';package=net.one97.paytm;end');
    expect(upiAppLink('gpay', 'ios', request)).toBe(`gpay://upi/pay?${query}`);
    expect(upiAppLink('phonepe', 'ios', request)).toBe(`phonepe://pay?${query}`);
    expect(upiAppLink('paytm', 'ios', request)).toBe(`paytmmp://pay?${query}`);
  });
});
