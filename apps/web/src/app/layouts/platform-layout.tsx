import { useEffect, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { displayName, hasPermission } from '@th/domain';
import { Avatar } from '@/components/avatar';
import { brand } from '@/config/brand';
import { paths } from '@/config/paths';
import { useProfile } from '@/features/auth/api/get-profile';
import { clearScrollLock } from '../app-shell';
import './platform-layout.css';

const NAV = [
  { to: paths.dashboard, label: 'Dashboard', icon: '◧' },
  { to: paths.sessions, label: 'Live Sessions', icon: '◉' },
  { to: paths.courses, label: 'Education Courses', icon: '▤' },
  { to: paths.tradedesk, label: 'TradeDesk Journal', icon: '▦' },
  { to: '/tradedesk/reports', label: 'Reports', icon: '◔' },
  { to: paths.tradelog, label: 'Trade Log', icon: '≣' },
  { to: paths.marketEvents, label: 'Market Events', icon: '◷' },
  { to: paths.levels, label: 'Levels Grabber', icon: '⇅' },
  { to: paths.alphaorb, label: 'AlphaORB Bot', icon: '⚙' },
];

const COMING = ['Risk Manager', 'Scanners', 'Statistics'];

function AccountLink({ className }: { className: string }) {
  const { data: profile } = useProfile();
  return (
    <Link to={paths.account} className={className} aria-label={`${displayName(profile)} — Manage Account`}>
      <Avatar profile={profile} size={32} />
      <span className="account-link-text">
        <span className="account-link-name">{displayName(profile)}</span>
        <span className="account-link-label">Manage Account</span>
      </span>
    </Link>
  );
}

/** Staff reach their console from the platform; members never see the link. */
function StaffLink() {
  const { data: profile } = useProfile();
  if (!hasPermission(profile, 'staff.access')) return null;
  return (
    <Link to="/admin" className="sidebar-link sidebar-staff">
      <span aria-hidden="true" className="sidebar-icon">
        ★
      </span>
      Staff console
    </Link>
  );
}

export function Component() {
  const [open, setOpen] = useState(false);
  const location = useLocation();

  // The sidebar closes, and any scroll lock is released, on every route change.
  useEffect(() => {
    setOpen(false);
    clearScrollLock();
  }, [location.pathname, location.search]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <div className={`platform${open ? ' sidebar-open' : ''}`}>
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <aside id="platform-sidebar" className="sidebar" aria-label="Platform">
        <Link to={paths.dashboard} className="brand-mark sidebar-brand">
          <span aria-hidden="true" className="brand-logo" />
          {brand.name}
        </Link>
        <nav className="sidebar-nav" aria-label="Sections">
          <ul>
            {NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className="sidebar-link">
                  <span aria-hidden="true" className="sidebar-icon">
                    {item.icon}
                  </span>
                  {item.label}
                </NavLink>
              </li>
            ))}
            {COMING.map((label) => (
              <li key={label}>
                <span className="sidebar-link is-disabled" aria-disabled="true">
                  <span aria-hidden="true" className="sidebar-icon">
                    ◌
                  </span>
                  {label}
                  <span className="sidebar-soon">Soon</span>
                </span>
              </li>
            ))}
          </ul>
        </nav>
        <StaffLink />
        <AccountLink className="sidebar-account" />
      </aside>
      {open && <div className="sidebar-backdrop" onClick={() => setOpen(false)} aria-hidden="true" />}
      <div className="platform-main">
        <header className="topbar">
          <button
            type="button"
            className="hamburger"
            aria-label={open ? 'Close menu' : 'Open menu'}
            aria-expanded={open}
            aria-controls="platform-sidebar"
            onClick={() => setOpen((value) => !value)}
          >
            <span aria-hidden="true">☰</span>
          </button>
          <span className="topbar-spacer" />
          <AccountLink className="topbar-account" />
        </header>
        <main id="main-content" className="platform-content" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
