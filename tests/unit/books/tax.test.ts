import { booksLaunchProblems } from '@/lib/books/config';
import { gstinCheckChar, gstinProblem } from '@/lib/books/gstin';
import { placeOfSupply, stateCodeOf } from '@/lib/books/states';
import { amountInWords, documentNumber, documentRupees, financialYear, taxSplit } from '@/lib/books/tax';
import { parseEnv } from '@/lib/env';
import { getStudio } from '@/lib/studio';

describe('GSTIN', () => {
  it('accepts the example and computes its check character', () => {
    expect(gstinCheckChar('27AAPFU0939F1Z')).toBe('V');
    expect(gstinProblem('27AAPFU0939F1ZV')).toBeUndefined();
  });
  it('refuses a wrong check character, a wrong shape and a state code that is none', () => {
    expect(gstinProblem('27AAPFU0939F1ZW')).toMatch(/check character/);
    expect(gstinProblem('27AAPFU0939F1Z')).toMatch(/15-character/);
    expect(gstinProblem(`99AAPFU0939F1Z${gstinCheckChar('99AAPFU0939F1Z')}`)).toMatch(/no state/);
  });
  it('is a setting checked on start, and the launch check wants one while prices add GST', () => {
    expect(() => parseEnv({ STUDIO_GSTIN: '27AAPFU0939F1ZX' })).toThrow(/STUDIO_GSTIN has a wrong check character/);
    const studio = getStudio(parseEnv({}));
    expect(booksLaunchProblems(parseEnv({}), studio)).toEqual([
      expect.stringMatching(/^STUDIO_GSTIN: the prices add 18% GST/),
    ]);
    expect(booksLaunchProblems(parseEnv({ STUDIO_GSTIN: '27AAPFU0939F1ZV' }), studio)).toEqual([]);
    const karnataka = getStudio(parseEnv({ STUDIO_REGION: 'Karnataka' }));
    expect(booksLaunchProblems(parseEnv({ STUDIO_GSTIN: '27AAPFU0939F1ZV' }), karnataka)).toEqual([
      expect.stringMatching(/STUDIO_REGION: "Karnataka" is not the state of the GSTIN \(Maharashtra\)/),
    ]);
  });
});

describe('the tax split', () => {
  it('halves the rate, not a rounded total: ₹999 and ₹99 as the GST notes give them', () => {
    expect(taxSplit(99_900, 18, true)).toEqual({
      taxablePaise: 99_900,
      ratePercent: 18,
      cgstPaise: 8_991,
      sgstPaise: 8_991,
      igstPaise: 0,
      totalPaise: 117_882,
    });
    expect(taxSplit(9_900, 18, true)).toMatchObject({ cgstPaise: 891, sgstPaise: 891, totalPaise: 11_682 });
    expect(taxSplit(9_900, 18, false)).toMatchObject({
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 1_782,
      totalPaise: 11_682,
    });
    // An odd value: each half rounded on its own, equal halves.
    expect(taxSplit(4_217, 18, true)).toMatchObject({ cgstPaise: 380, sgstPaise: 380, totalPaise: 4_977 });
    expect(taxSplit(11_682, 0, true)).toMatchObject({ cgstPaise: 0, igstPaise: 0, totalPaise: 11_682 });
  });
});

describe('document numbers', () => {
  it('runs by financial year, April to March India time, within 16 characters', () => {
    expect(financialYear(new Date('2026-11-26T10:00:00Z'))).toBe('26-27');
    expect(financialYear(new Date('2027-03-31T18:29:00Z'))).toBe('26-27');
    expect(financialYear(new Date('2027-03-31T18:31:00Z'))).toBe('27-28');
    expect(documentNumber('INV', '26-27', 1)).toBe('INV/26-27/00001');
    expect(documentNumber('INVC', '26-27', 99_999)).toHaveLength(16);
    expect(() => documentNumber('INVC', '26-27', 100_000)).toThrow(/16 characters/);
  });
});

describe('amounts and states', () => {
  it('writes amounts in words and figures as invoices do', () => {
    expect(amountInWords(117_882)).toBe('One Thousand One Hundred Seventy Eight Rupees And Eighty Two Paise Only');
    expect(documentRupees(117_882)).toBe('₹1,178.82');
    expect(documentRupees(9_900)).toBe('₹99.00');
  });
  it('knows a state by its name as people write it', () => {
    expect(stateCodeOf('tamil nadu')).toBe('33');
    expect(stateCodeOf(' Maharashtra ')).toBe('27');
    expect(stateCodeOf('Atlantis')).toBeUndefined();
    expect(placeOfSupply('29')).toBe('29-Karnataka');
  });
});
