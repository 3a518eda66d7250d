import { useEffect, useState, type MouseEvent } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { brand } from '@/config/brand';
import { paths } from '@/config/paths';
import styles from './landing-layout.module.css';

const NAV_ID = 'site-nav';

const ANCHORS = [
  { id: 'preview', label: 'Preview' },
  { id: 'features', label: 'Features' },
  { id: 'pricing', label: 'Pricing' },
];

/** The nav sticks to the top; anchors land just below it (nav height + 8 px, spec §9). */
export function scrollToAnchor(id: string) {
  const target = document.getElementById(id);
  if (!target) return false;
  const navHeight = document.getElementById(NAV_ID)?.offsetHeight ?? 0;
  const top = target.getBoundingClientRect().top + window.scrollY - (navHeight + 8);
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top, behavior: reduce ? 'auto' : 'smooth' });
  window.history.replaceState(window.history.state, '', `#${id}`);
  return true;
}

function useScrolledPast(fraction: number) {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > window.innerHeight * fraction);
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [fraction]);
  return scrolled;
}

function AnchorLink({ id, label }: { id: string; label: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    if (location.pathname === paths.home && scrollToAnchor(id)) return;
    void navigate(`${paths.home}#${id}`);
  };
  return (
    <a href={`/#${id}`} onClick={onClick}>
      {label}
    </a>
  );
}

export function Component() {
  const scrolled = useScrolledPast(0.1);
  const location = useLocation();

  // Arriving on the home page with a hash (from another page's nav) lands on that section.
  useEffect(() => {
    if (location.hash) requestAnimationFrame(() => scrollToAnchor(location.hash.slice(1)));
  }, [location.pathname, location.hash]);

  return (
    <div className={styles.landing}>
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <header id={NAV_ID} className={scrolled ? `${styles.nav} ${styles.scrolled}` : styles.nav}>
        <nav aria-label="Main" className={styles.navInner}>
          <Link to={paths.home} className="brand-mark">
            <span aria-hidden="true" className="brand-logo" />
            {brand.name}
          </Link>
          <ul className={styles.navLinks}>
            {ANCHORS.map((anchor) => (
              <li key={anchor.id}>
                <AnchorLink {...anchor} />
              </li>
            ))}
          </ul>
          <Link to={paths.login} className="btn btn-secondary btn-small">
            Login / Sign up
          </Link>
        </nav>
      </header>
      <main id="main-content" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className={styles.footer}>
        <div className={styles.footerInner}>
          <div>
            <p className="brand-mark">{brand.name}</p>
            <p className={styles.footerSlogan}>{brand.mission}</p>
          </div>
          <nav aria-label="Footer">
            <ul>
              {ANCHORS.map((anchor) => (
                <li key={anchor.id}>
                  <AnchorLink {...anchor} />
                </li>
              ))}
              <li>
                <Link to={paths.terms}>Terms</Link>
              </li>
              <li>
                <Link to={paths.privacy}>Privacy</Link>
              </li>
              <li>
                <Link to={paths.accessibility}>Accessibility</Link>
              </li>
              <li>
                <Link to={paths.join}>Join Now</Link>
              </li>
            </ul>
          </nav>
        </div>
        <p className={styles.footerCopyright}>
          © {new Date().getUTCFullYear()} {brand.name}. Educational content only — not financial advice.
        </p>
      </footer>
    </div>
  );
}
