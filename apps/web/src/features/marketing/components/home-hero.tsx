import { Link } from 'react-router';
import { brand } from '@/config/brand';
import { paths } from '@/config/paths';
import styles from './marketing.module.css';

/** The first screen: the promise, the join button, and what a trading day looks like. */
export function HomeHero() {
  return (
    <header className={styles.hero}>
      <div className={`${styles.container} ${styles.heroGrid}`}>
        <div>
          <p className={styles.eyebrow}>Day-trading education, live every market day</p>
          <h1 className={styles.heroTitle}>{brand.tagline}</h1>
          <p className={styles.lead}>
            Sit with working traders on Zoom before the New York open, learn a repeatable process in structured
            courses, and review every trade in your own journal. No signals to copy blindly: you learn why a setup
            is taken, and when to stay flat.
          </p>
          <div className={styles.actions}>
            <Link to={paths.join} className={`${styles.btnLarge} btn btn-primary`}>
              Join now
            </Link>
            <Link to={paths.previewAlt} className={`${styles.btnLarge} btn btn-secondary`}>
              Take the tour
            </Link>
          </div>
          <ul className={styles.heroFacts}>
            <li>Live at 9:15 AM Eastern, Monday to Friday</li>
            <li>Recordings posted within 12 hours</li>
            <li>7-day trial, cancel any time</li>
          </ul>
        </div>
        <aside className={styles.heroPanel} aria-label="Today on the desk">
          <p className={styles.panelTitle}>Today on the desk</p>
          <ol className={styles.day}>
            <li>
              <span className={styles.dayTime}>8:45</span>
              <span>Pre-market levels posted in the community</span>
            </li>
            <li>
              <span className={styles.dayTime}>9:15</span>
              <span>New York live session opens on Zoom</span>
            </li>
            <li>
              <span className={styles.dayTime}>9:30</span>
              <span>Opening range forms; AlphaORB arms its breakout orders</span>
            </li>
            <li>
              <span className={styles.dayTime}>11:00</span>
              <span>Desk recap and Q&amp;A with the mentors</span>
            </li>
            <li>
              <span className={styles.dayTime}>16:00</span>
              <span>Journal review in TradeDesk</span>
            </li>
          </ol>
          <p className={styles.panelNote}>Times in Eastern. Sunday Setup and Asia Live run in the evening.</p>
        </aside>
      </div>
    </header>
  );
}
