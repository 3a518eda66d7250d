import { Link, NavLink, Outlet } from 'react-router';
import { hasPermission } from '@th/domain';
import { brand } from '@/config/brand';
import { paths } from '@/config/paths';
import { useProfile } from '@/features/auth/api/get-profile';
import { STAFF_NAV } from '../staff-nav';
import { MenuButton } from './menu-button';
import styles from './platform-layout.module.css';
import { useMobileSidebar } from './use-mobile-sidebar';

export function Component() {
  const { data: profile } = useProfile();
  const { open, toggle, close, sidebarRef, toggleRef } = useMobileSidebar();
  return (
    <div className={open ? `${styles.platform} ${styles.open}` : styles.platform}>
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <aside id="staff-sidebar" ref={sidebarRef} className={styles.sidebar} aria-label="Staff console">
        <Link to={paths.staff} className={`${styles.brand} brand-mark`}>
          <span aria-hidden="true" className="brand-logo" />
          {brand.name} staff
        </Link>
        <nav className={styles.nav} aria-label="Staff sections">
          <ul>
            {STAFF_NAV.filter((item) => hasPermission(profile, item.permission)).map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} className={styles.link}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <Link to={paths.dashboard} className={styles.sidebarAccount}>
          ← Back to the platform
        </Link>
      </aside>
      {open && <div className={styles.backdrop} onClick={close} aria-hidden="true" />}
      <div className={styles.main}>
        {/* Only small screens need a top bar: it holds the button that opens the staff sections. */}
        <header className={`${styles.topbar} ${styles.adminTopbar}`}>
          <MenuButton ref={toggleRef} open={open} controls="staff-sidebar" onClick={toggle} />
          <span className="brand-mark">{brand.name} staff</span>
        </header>
        <main id="main-content" className={styles.content} tabIndex={-1} inert={open}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
