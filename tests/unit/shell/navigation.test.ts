import { footerNav, mainNav } from '@/content/navigation';
import { aliasRules, isRoutePath } from '@/lib/routes';

const pathOf = (href: string) => href.split('#')[0] ?? href;
const known = (href: string) => isRoutePath(pathOf(href)) || aliasRules.some((r) => r.from === pathOf(href));

describe('navigation links', () => {
  const hrefs = [
    ...mainNav.flatMap((entry) =>
      entry.kind === 'link' ? [entry.href] : [entry.href, ...entry.items.map((i) => i.href)],
    ),
    ...footerNav.map((link) => link.href),
  ];

  it.each(hrefs)('%s is a page of the route table', (href) => {
    expect(known(href)).toBe(true);
  });

  it("links the footer to the canonical /legal (the spec's /Legal is an alias copy with no client payload)", () => {
    expect(footerNav.map((l) => l.href)).toContain('/legal');
    expect(footerNav.map((l) => l.href)).not.toContain('/Legal');
  });
});
