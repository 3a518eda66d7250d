import { Link, NavLink, Outlet } from 'react-router';
import { hasPermission } from '@th/domain';
import { brand } from '@/config/brand';
import { paths } from '@/config/paths';
import { useProfile } from '@/features/auth/api/get-profile';
import { STAFF_NAV } from '../staff-nav';
import './platform-layout.css';


export function Component() {
  const { data: profile } = useProfile();
  return (
    <div className="platform admin">
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <aside className="sidebar" aria-label="Staff console">
        <Link to="/admin" className="brand-mark sidebar-brand">
          <span aria-hidden="true" className="brand-logo" />
          {brand.name} staff
        </Link>
        <nav className="sidebar-nav" aria-label="Staff sections">
          <ul>
            {STAFF_NAV.filter((item) => hasPermission(profile, item.permission)).map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} className="sidebar-link">
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <Link to={paths.dashboard} className="sidebar-account">
          ← Back to the platform
        </Link>
      </aside>
      <div className="platform-main">
        <main id="main-content" className="platform-content" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
