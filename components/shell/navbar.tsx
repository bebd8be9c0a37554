'use client';

import clsx from 'clsx';
import { SiteLink } from '@/components/shell/site-link';
import { usePathname } from 'next/navigation';
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import type { NavEntry, NavMenu } from '@/content/navigation';
import { DROPDOWN_CLOSE_DELAY_MS, MOBILE_MAX_WIDTH, SCROLLED_THRESHOLD } from '@/lib/nav-theme';
import { StudioMark } from './logo';
import styles from './navbar.module.css';
import { useMediaQuery } from './use-media-query';
import { useNavTheme } from './use-nav-theme';

type MenuId = NavMenu['id'];

/**
 * Without JavaScript the menu button and the dropdown toggles cannot work: on phones the bar stops
 * being sticky and shows every link as a plain nested list in the flow (nothing covers the page);
 * on wide screens the dropdowns open on hover and keyboard focus.
 */
const noScriptCss = `@media (max-width:${MOBILE_MAX_WIDTH}px){.${styles.navbar}{position:static}.${styles.menuButton},.${styles.toggle}{display:none}.${styles.links}{display:flex;position:static;max-height:none;box-shadow:none}.${styles.menuLabel}{display:flex}.${styles.dropdown}{display:block}}@media (min-width:${MOBILE_MAX_WIDTH + 1}px){.${styles.hasMenu}:hover .${styles.dropdown},.${styles.hasMenu}:focus-within .${styles.dropdown}{display:block}}`;

interface NavbarProps {
  entries: readonly NavEntry[];
  studioName: string;
  instituteName: string;
}

/** The site's navigation bar: mobile menu, hover and keyboard dropdowns, scrolled style and theme. */
export function Navbar({ entries, studioName, instituteName }: NavbarProps) {
  const pathname = usePathname() ?? '/';
  const isMobile = useMediaQuery(`(max-width: ${MOBILE_MAX_WIDTH}px)`);
  const { theme, fades } = useNavTheme(pathname);
  const [mobileOpen, setMobileOpen] = useState(false);
  const [openMenu, setOpenMenu] = useState<MenuId | null>(null);
  const [scrolled, setScrolled] = useState(false);
  const navRef = useRef<HTMLElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onInstitute = pathname.toLowerCase().startsWith('/institute');

  const cancelClose = () => clearTimeout(closeTimer.current);
  const closeAll = useCallback(() => {
    clearTimeout(closeTimer.current);
    setMobileOpen(false);
    setOpenMenu(null);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a change of page (pathname) is what closes the menus.
  useEffect(closeAll, [pathname, closeAll]);
  useEffect(() => {
    if (!isMobile) setMobileOpen(false);
  }, [isMobile]);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > SCROLLED_THRESHOLD);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  useEffect(() => {
    if (!openMenu && !mobileOpen) return;
    const onPointerDown = (event: globalThis.PointerEvent) => {
      if (!navRef.current?.contains(event.target as Node)) closeAll();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [openMenu, mobileOpen, closeAll]);

  // A mouse click on a toggle first hovers it, which already opened the menu: that click keeps it open.
  const openedByHover = useRef(false);

  // A mouse already resting on a menu when the page's script starts missed its enter event: the
  // menu opens as if the mouse had just arrived.
  useEffect(() => {
    if (!window.matchMedia(`(hover: hover) and (min-width: ${MOBILE_MAX_WIDTH + 1}px)`).matches) return;
    const id = navRef.current?.querySelector<HTMLElement>('li[data-menu]:hover')?.dataset.menu as MenuId | undefined;
    if (!id) return;
    openedByHover.current = true;
    setOpenMenu(id);
  }, []);

  const toggleMenu = (id: MenuId) => {
    cancelClose();
    const keepOpen = openedByHover.current && openMenu === id;
    openedByHover.current = false;
    setOpenMenu(keepOpen || openMenu !== id ? id : null);
  };

  const onHoverStart = (id: MenuId) => (event: PointerEvent) => {
    if (isMobile || event.pointerType !== 'mouse') return;
    cancelClose();
    if (openMenu !== id) openedByHover.current = true;
    setOpenMenu(id);
  };

  const onHoverEnd = (event: PointerEvent) => {
    if (isMobile || event.pointerType !== 'mouse') return;
    cancelClose();
    closeTimer.current = setTimeout(() => setOpenMenu(null), DROPDOWN_CLOSE_DELAY_MS);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape') return;
    if (openMenu) {
      const id = openMenu;
      setOpenMenu(null);
      document.getElementById(`nav-toggle-${id}`)?.focus();
    } else if (mobileOpen) {
      setMobileOpen(false);
      menuButtonRef.current?.focus();
    }
  };

  // Focus leaving the bar (Tab past the last link) closes everything: on phones the open panel
  // would otherwise cover the control that now has focus (WCAG 2.4.11).
  const onHeaderBlur = (event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget as Node | null;
    if (next && !event.currentTarget.contains(next) && (mobileOpen || openMenu)) closeAll();
  };

  // Keyboard users leaving a dropdown with Tab should not leave it hanging open. Not on phones: there
  // the dropdown is in the flow, and closing it on blur would move the control being tapped.
  const onMenuBlur = (id: MenuId) => (event: FocusEvent<HTMLLIElement>) => {
    if (isMobile || !event.relatedTarget) return;
    if (!event.currentTarget.contains(event.relatedTarget as Node) && openMenu === id) {
      setOpenMenu(null);
    }
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape closes any open menu from wherever focus is inside the bar (one delegated handler).
    <header
      ref={navRef}
      className={clsx(styles.navbar, scrolled && styles.scrolled)}
      data-theme={theme}
      data-fades={fades ? 'true' : undefined}
      data-scrolled={scrolled ? 'true' : 'false'}
      onKeyDown={onKeyDown}
      onBlur={onHeaderBlur}
    >
      <nav className={clsx('container', styles.inner)} aria-label="Main">
        <SiteLink
          href="/"
          className={styles.brand}
          onClick={closeAll}
          aria-label={`${onInstitute ? instituteName : studioName}: home`}
        >
          <StudioMark institute={onInstitute} />
          <span className={styles.brandText} data-logo={onInstitute ? 'institute' : 'studio'}>
            {onInstitute ? instituteName : studioName}
          </span>
        </SiteLink>

        <button
          ref={menuButtonRef}
          type="button"
          className={styles.menuButton}
          aria-expanded={mobileOpen}
          aria-controls="nav-links"
          onClick={() => {
            setOpenMenu(null);
            setMobileOpen((open) => !open);
          }}
        >
          <span className="visually-hidden">Menu</span>
          <span className={clsx(styles.burger, mobileOpen && styles.burgerOpen)} aria-hidden="true" />
        </button>

        <ul id="nav-links" className={clsx(styles.links, mobileOpen && styles.linksOpen)}>
          {entries.map((entry) =>
            entry.kind === 'link' ? (
              <li key={entry.href} className={styles.item}>
                <SiteLink
                  href={entry.href}
                  className={styles.link}
                  aria-current={pathname === entry.href ? 'page' : undefined}
                  onClick={closeAll}
                >
                  {entry.label}
                </SiteLink>
              </li>
            ) : (
              <li
                key={entry.id}
                className={clsx(styles.item, styles.hasMenu)}
                data-menu={entry.id}
                onPointerEnter={onHoverStart(entry.id)}
                onPointerLeave={onHoverEnd}
                onBlur={onMenuBlur(entry.id)}
              >
                <div className={styles.menuHead}>
                  <SiteLink
                    href={entry.href}
                    className={clsx(styles.link, styles.menuLabel)}
                    aria-current={pathname === entry.href ? 'page' : undefined}
                    onClick={closeAll}
                  >
                    {entry.label}
                  </SiteLink>
                  <button
                    id={`nav-toggle-${entry.id}`}
                    type="button"
                    className={styles.toggle}
                    aria-expanded={openMenu === entry.id}
                    aria-controls={`nav-menu-${entry.id}`}
                    onClick={() => toggleMenu(entry.id)}
                  >
                    <span className={styles.toggleLabel}>{entry.label}</span>
                    <span className="visually-hidden"> menu</span>
                    <svg className={styles.chevron} viewBox="0 0 12 8" width="12" height="8" aria-hidden="true">
                      <path d="M1 1.5l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="1.8" />
                    </svg>
                  </button>
                </div>
                <ul
                  id={`nav-menu-${entry.id}`}
                  className={clsx(styles.dropdown, openMenu === entry.id && styles.dropdownOpen)}
                >
                  {entry.items.map((item) => (
                    <li key={item.href + item.label}>
                      <SiteLink href={item.href} className={styles.dropdownLink} onClick={closeAll}>
                        {item.label}
                      </SiteLink>
                    </li>
                  ))}
                </ul>
              </li>
            ),
          )}
        </ul>
      </nav>
      <noscript>
        <style>{noScriptCss}</style>
      </noscript>
    </header>
  );
}
