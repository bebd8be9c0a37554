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
 * `fades`: whether a change of theme fades in. Not until the visitor scrolls the page: the theme a
 * page opens with (found once its sections are measured, after the first paint) comes at once, as
 * a fade from the other theme passes through grey text on a grey bar that nobody can read.
 */
export function useNavTheme(pathname: string): { theme: NavTheme; fades: boolean } {
  const [theme, setTheme] = useState<NavTheme>('light');
  const [fades, setFades] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new page (pathname) opens without a fade.
  useEffect(() => {
    setFades(false);
    const onScroll = () => setFades(true);
    window.addEventListener('scroll', onScroll, { passive: true, once: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [pathname]);
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
  return { theme, fades };
}
