import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { adminToken, clearAdminToken, onUnauthorized } from '../api/http';

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
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <div className="topbar-inner">
          <Link href="/" className="brand">
            <svg viewBox="0 0 32 32" width="24" height="24" aria-hidden="true">
              <rect width="32" height="32" rx="7" fill="currentColor" />
              <path d="M8 22V10l8 7 8-7v12" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            model-gateway
          </Link>
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
      </header>
      <main id="main" className="content">
        {children}
      </main>
    </div>
  );
}
