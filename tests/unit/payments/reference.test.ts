import { createReference, visitReference } from '@/lib/payments/reference';

describe('the visit reference', () => {
  it('is the prefix, the time in base 36 and eight random characters, alphanumeric and at most 35', () => {
    const ref = createReference('MC', 1_750_000_000_000, (n) => new Uint8Array(n).fill(37));
    expect(ref).toBe(`MC${(1_750_000_000_000).toString(36).toUpperCase()}11111111`);
    expect(ref).toMatch(/^[A-Z0-9]{1,35}$/);
  });

  it('differs between visits', () => {
    const refs = new Set(Array.from({ length: 50 }, () => createReference('CR')));
    expect(refs.size).toBe(50);
  });

  it('is kept for the tab, so a reload shows the same reference', () => {
    sessionStorage.clear();
    const first = visitReference('MC');
    expect(visitReference('MC')).toBe(first);
    expect(visitReference('CR')).not.toBe(first);
    expect(visitReference('CR')).toMatch(/^CR/);
  });

  it('replaces a tampered stored value', () => {
    sessionStorage.setItem('payment:reference:MC', 'MC-bad value');
    expect(visitReference('MC')).toMatch(/^MC[A-Z0-9]+$/);
  });

  it('still gives a reference when storage is blocked', () => {
    const blocked = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    } as unknown as Storage;
    expect(visitReference('MC', blocked)).toMatch(/^MC[A-Z0-9]+$/);
  });
});
