import { Link, NavLink, Outlet } from 'react-router';
import { displayName, hasPermission } from '@th/domain';
import { Avatar } from '@/components/avatar';
import { Icon, type IconName } from '@/components/icons';
import { brand } from '@/config/brand';
import { paths } from '@/config/paths';
import { PROFILE_LOAD_FAILED, useProfile } from '@/features/auth/api/get-profile';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { MenuButton } from './menu-button';
import styles from './platform-layout.module.css';
import { useMobileSidebar } from './use-mobile-sidebar';

const NAV: Array<{ to: string; label: string; icon: IconName }> = [
  { to: paths.dashboard, label: 'Dashboard', icon: 'dashboard' },
  { to: paths.sessions, label: 'Live Sessions', icon: 'live' },
  { to: paths.courses, label: 'Education Courses', icon: 'courses' },
  { to: paths.tradedesk, label: 'TradeDesk Journal', icon: 'journal' },
  { to: paths.reports, label: 'Reports', icon: 'reports' },
  { to: paths.tradelog, label: 'Trade Log', icon: 'tradeLog' },
  { to: paths.marketEvents, label: 'Market Events', icon: 'clock' },
  { to: paths.levels, label: 'Levels Grabber', icon: 'levels' },
  { to: paths.alphaorb, label: 'AlphaORB Bot', icon: 'bot' },
  { to: paths.risk, label: 'Risk Manager', icon: 'shield' },
  { to: paths.community, label: 'Community', icon: 'community' },
];

const COMING = ['Scanners', 'Statistics'];

function AccountLink({ className, inert }: { className?: string; inert?: boolean }) {
  const { data: profile } = useProfile();
  return (
    <Link to={paths.account} className={className} inert={inert} aria-label={`${displayName(profile)} — Manage Account`}>
      <Avatar profile={profile} size={32} />
      <span className={styles.accountLinkText}>
        <span className={styles.accountLinkName}>{displayName(profile)}</span>
        <span className={styles.accountLinkLabel}>Manage Account</span>
      </span>
    </Link>
  );
}

/** A profile that failed to load leaves the name as 'User' (spec §7); the bar says why. */
function ProfileProblem() {
  const { isError } = useProfile();
  if (!isError) return null;
  return (
    <span role="status" className={styles.notice}>
      {PROFILE_LOAD_FAILED}
    </span>
  );
}

/** Staff reach their console from the platform; members never see the link. */
function StaffLink() {
  const { data: profile } = useProfile();
  if (!hasPermission(profile, 'staff.access')) return null;
  return (
    <Link to={paths.staff} className={styles.link}>
      <Icon name="star" className={styles.icon} />
      Staff console
    </Link>
  );
}

/** The bell, for an active member: the unread count is a member route. */
function Bell({ inert }: { inert: boolean }) {
  const { data: profile } = useProfile();
  return <NotificationBell to={paths.notifications} active={profile?.status.toLowerCase() === 'active'} inert={inert} />;
}

export function Component() {
  const { open, toggle, close, sidebarRef, toggleRef } = useMobileSidebar();

  return (
    <div className={open ? `${styles.platform} ${styles.open}` : styles.platform}>
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <aside id="platform-sidebar" ref={sidebarRef} className={styles.sidebar} aria-label="Platform">
        <Link to={paths.dashboard} className={`${styles.brand} brand-mark`}>
          <span aria-hidden="true" className="brand-logo" />
          {brand.name}
        </Link>
        <nav className={styles.nav} aria-label="Sections">
          <ul>
            {NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className={styles.link}>
                  <Icon name={item.icon} className={styles.icon} />
                  {item.label}
                </NavLink>
              </li>
            ))}
            {COMING.map((label) => (
              <li key={label}>
                <span className={`${styles.link} ${styles.disabled}`} aria-disabled="true">
                  <Icon name="soon" className={styles.icon} />
                  {label}
                  <span className={styles.soon}>Soon</span>
                </span>
              </li>
            ))}
          </ul>
        </nav>
        <StaffLink />
        <AccountLink className={styles.sidebarAccount} />
      </aside>
      {open && <div className={styles.backdrop} onClick={close} aria-hidden="true" />}
      <div className={styles.main}>
        <header className={styles.topbar}>
          <MenuButton ref={toggleRef} open={open} controls="platform-sidebar" onClick={toggle} />
          <span className={styles.spacer} />
          <ProfileProblem />
          <Bell inert={open} />
          {/* While the menu is open, the page behind the backdrop is out of reach. */}
          <AccountLink className={styles.topbarAccount} inert={open} />
        </header>
        <main id="main-content" className={styles.content} tabIndex={-1} inert={open}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
