import { brightness, parseRgb, themeForBrightness } from '@/lib/nav-theme';
import { trackPageview } from '@/lib/analytics';
import { motionSafe, requestSmoothScroll, takeScrollBehavior } from '@/lib/scroll';
import { fillStudioTokens } from '@/lib/tokens';
import { formatIndianPhone, whatsappLink } from '@/lib/studio-links';
import { headersFile, redirectsFile, securityHeaders } from '@/lib/host-files';

describe('navbar theme', () => {
  it('parses computed colours and ignores transparent ones', () => {
    expect(parseRgb('rgb(250, 248, 243)')).toEqual({ r: 250, g: 248, b: 243 });
    expect(parseRgb('rgba(0, 0, 0, 0)')).toBeNull();
    expect(parseRgb('rgba(255, 255, 255, 0.5)')).toEqual({ r: 255, g: 255, b: 255 });
    expect(parseRgb('transparent')).toBeNull();
  });

  it('gives the dark theme above brightness 200 only', () => {
    expect(themeForBrightness(brightness({ r: 250, g: 248, b: 243 }))).toBe('dark');
    expect(themeForBrightness(200)).toBe('light');
    expect(themeForBrightness(200.5)).toBe('dark');
    expect(themeForBrightness(brightness({ r: 14, g: 14, b: 19 }))).toBe('light');
  });
});

describe('analytics and scrolling', () => {
  it('pushes pageviews with the path only', () => {
    delete window.dataLayer;
    trackPageview('/legal');
    trackPageview('/refund-policy');
    expect(window.dataLayer).toEqual([
      { event: 'pageview', page: '/legal' },
      { event: 'pageview', page: '/refund-policy' },
    ]);
  });

  it('uses a smooth scroll once when asked, then jumps again', () => {
    expect(takeScrollBehavior()).toBe('instant');
    requestSmoothScroll();
    expect(takeScrollBehavior()).toBe('smooth');
    expect(takeScrollBehavior()).toBe('instant');
  });

  it('turns a smooth scroll into a jump when the visitor prefers reduced motion', () => {
    const prefers = (reduce: boolean) => {
      window.matchMedia = ((query: string) => ({ matches: reduce && query.includes('reduce') })) as never;
    };
    prefers(false);
    expect(motionSafe('smooth')).toBe('smooth');
    prefers(true);
    expect(motionSafe('smooth')).toBe('instant');
    expect(motionSafe('auto')).toBe('auto');
  });
});

describe('studio text helpers', () => {
  const studio = { name: 'Test Studio', email: 'team@test.example', whatsapp: '919876543210' };

  it('fills the studio tokens', () => {
    expect(fillStudioTokens('Write to {studio} at {email} or {phone}.', studio)).toBe(
      'Write to Test Studio at team@test.example or +91 98765 43210.',
    );
  });

  it('builds click-to-chat links with an encoded draft', () => {
    expect(whatsappLink('919876543210')).toBe('https://wa.me/919876543210');
    expect(whatsappLink('919876543210', 'Hi & hello')).toBe('https://wa.me/919876543210?text=Hi%20%26%20hello');
    expect(formatIndianPhone('919876543210')).toBe('+91 98765 43210');
  });
});

describe('host files', () => {
  it('writes the case aliases as rewrites, one source with the route table', () => {
    expect(redirectsFile()).toContain('/Legal  /legal  200');
  });

  it('sends the security headers everywhere and allows the analytics host only when configured', () => {
    expect(headersFile(false)).toContain('X-Content-Type-Options: nosniff');
    expect(headersFile(false)).not.toContain('googletagmanager');
    expect(securityHeaders({ analytics: true })['Content-Security-Policy']).toContain(
      'https://www.googletagmanager.com',
    );
    expect(securityHeaders()['Content-Security-Policy']).toContain("frame-ancestors 'none'");
  });
});
