import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { adminToken, clearAdminToken, onUnauthorized } from '../api/http';
import { useFocusOnNavigation } from '../lib/focus-on-navigation';

function NavLink({ href, active: isActive, children }: { href: string; active: (location: string) => boolean; children: ReactNode }) {
  const [location] = useLocation();
  const active = isActive(location);
  return (
    <Link href={href} className={`nav-link${active ? ' active' : ''}`} aria-current={active ? 'page' : undefined}>
      {children}
    </Link>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [signedIn, setSignedIn] = useState(() => adminToken() !== null);
  useEffect(() => {
    const check = () => setSignedIn(adminToken() !== null);
    window.addEventListener('admin-token-changed', check);
    const stop = onUnauthorized(check);
    return () => {
      window.removeEventListener('admin-token-changed', check);
      stop();
    };
  }, []);
  const [location] = useLocation();
  // On a phone the navigation folds into a menu; it closes once the operator has gone somewhere.
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  useEffect(() => setMenuOpen(false), [location]);
  // A tap anywhere outside the bar closes the open menu, as it covers the page's top.
  const header = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!menuOpen) return;
    const closeOutside = (event: PointerEvent) => {
      if (event.target instanceof Node && !header.current?.contains(event.target)) setMenuOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [menuOpen]);
  // Escape closes the open menu and puts focus back on its button, as a disclosure does.
  const closeOnEscape = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || !menuOpen) return;
    setMenuOpen(false);
    menuButton.current?.focus();
  };
  useFocusOnNavigation(location, useCallback(() => document.getElementById('main'), []));
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar" ref={header}>
        <div className="topbar-inner">
          <Link href="/" className="brand">
            <svg viewBox="0 0 32 32" width="24" height="24" aria-hidden="true">
              <rect width="32" height="32" rx="7" fill="currentColor" />
              <path d="M8 22V10l8 7 8-7v12" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            model-gateway
          </Link>
          <button
            type="button"
            className="btn btn-ghost menu-button"
            aria-expanded={menuOpen}
            aria-controls="topbar-menu"
            ref={menuButton}
            onClick={() => setMenuOpen((open) => !open)}
            onKeyDown={closeOnEscape}
          >
            <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
              <path d={menuOpen ? 'M5 5l10 10M15 5L5 15' : 'M3 5h14M3 10h14M3 15h14'} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
            Menu
          </button>
          <div
            id="topbar-menu"
            className={`topbar-menu${menuOpen ? ' open' : ''}`}
            onKeyDown={closeOnEscape}
            onClick={(event) => {
              // A link to the page already shown changes no location, yet the menu has done its job.
              if (event.target instanceof Element && event.target.closest('a')) setMenuOpen(false);
            }}
          >
            <nav aria-label="Main">
              <NavLink href="/" active={(at) => at === '/' || at.startsWith('/endpoints')}>
                Endpoints
              </NavLink>
              <NavLink href="/connections" active={(at) => at.startsWith('/connections')}>
                Connections
              </NavLink>
              <NavLink href="/usage" active={(at) => at.startsWith('/usage')}>
                Usage
              </NavLink>
              <NavLink href="/keys" active={(at) => at.startsWith('/keys')}>
                Keys
              </NavLink>
            </nav>
            <div className="topbar-end">
              {signedIn && (
                <button
                  type="button"
                  className="btn btn-ghost btn-small"
                  onClick={() => {
                    clearAdminToken();
                    setSignedIn(false);
                    queryClient.clear();
                  }}
                >
                  Forget admin token
                </button>
              )}
            </div>
          </div>
        </div>
      </header>
      <main id="main" className="content">
        {children}
      </main>
    </div>
  );
}
