'use client';
import { useEffect, useState } from 'react';
import { brightness, parseRgb, SECTION_VISIBILITY, themeForBrightness, type NavTheme } from '@/lib/nav-theme';

/** The first non-transparent background colour at or above `el`. */
function backgroundBrightness(el: HTMLElement): number {
  for (let node: HTMLElement | null = el; node; node = node.parentElement) {
    const rgb = parseRgb(getComputedStyle(node).backgroundColor);
    if (rgb) return brightness(rgb);
  }
  return 0;
}

/**
 * The navbar theme for the section in view: the topmost `main` section that is at least half
 * visible decides; a page with a `.white-bg-page` element always gets the light theme.
 */
export function useNavTheme(pathname: string): NavTheme {
  const [theme, setTheme] = useState<NavTheme>('light');
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new page (pathname) has new sections to watch.
  useEffect(() => {
    if (document.querySelector('.white-bg-page')) {
      setTheme('light');
      return;
    }
    const sections = Array.from(document.querySelectorAll<HTMLElement>('main section'));
    if (sections.length === 0) return;
    const visible = new Set<Element>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.intersectionRatio >= SECTION_VISIBILITY) visible.add(entry.target);
          else visible.delete(entry.target);
        }
        const inView = sections.find((s) => visible.has(s));
        if (inView) setTheme(themeForBrightness(backgroundBrightness(inView)));
      },
      { threshold: [0, SECTION_VISIBILITY, 1] },
    );
    for (const s of sections) observer.observe(s);
    return () => observer.disconnect();
  }, [pathname]);
  return theme;
}
