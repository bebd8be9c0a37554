import { GST_RATE_PERCENT, prices } from '@/content/prices';
import { formatRupeeFigure, formatRupees, gstPaise, paiseFromText, upiAmount, withGst } from '@/lib/payments/money';

describe('money in paise', () => {
  it('computes the masterclass GST and total from the price record', () => {
    expect(GST_RATE_PERCENT).toBe(18);
    expect(withGst(prices.masterclass)).toEqual({ base: 9900, gst: 1782, total: 11682, ratePercent: 18 });
  });

  it('computes the course registration GST and total', () => {
    expect(withGst(prices.courseRegistration)).toEqual({ base: 99900, gst: 17982, total: 117882, ratePercent: 18 });
  });

  it('rounds GST to the nearest paisa', () => {
    expect(gstPaise(333)).toBe(60); // 59.94
    expect(gstPaise(125, 18)).toBe(23); // 22.5 rounds up
  });

  it('formats rupees for reading, with Indian grouping and paise only when present', () => {
    expect(formatRupees(9900)).toBe('₹99');
    expect(formatRupees(1782)).toBe('₹17.82');
    expect(formatRupees(11682)).toBe('₹116.82');
    expect(formatRupees(117882)).toBe('₹1,178.82');
    expect(formatRupees(10000000)).toBe('₹1,00,000');
    expect(formatRupees(5)).toBe('₹0.05');
    expect(formatRupeeFigure(99900)).toBe('999');
  });

  it('writes the UPI amount with exactly two decimals and no grouping', () => {
    expect(upiAmount(11682)).toBe('116.82');
    expect(upiAmount(117882)).toBe('1178.82');
    expect(upiAmount(9900)).toBe('99.00');
    expect(upiAmount(7)).toBe('0.07');
  });

  it('reads a displayed figure back into paise', () => {
    expect(paiseFromText('₹1,178.82')).toBe(117882);
    expect(paiseFromText('Total ₹99')).toBe(9900);
  });

  it('refuses amounts that are not whole paise', () => {
    expect(() => formatRupees(99.5)).toThrow(RangeError);
    expect(() => upiAmount(-1)).toThrow(RangeError);
  });
});
