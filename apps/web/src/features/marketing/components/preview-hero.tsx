import { Link } from 'react-router';
import { brand } from '@/config/brand';
import { paths } from '@/config/paths';
import { useCountUp } from '../hooks/use-count-up';
import { useRevealed } from '../hooks/use-reveal';
import styles from './marketing.module.css';

const STATS = [
  { target: 1200, suffix: '+', label: 'active members' },
  { target: 8, suffix: '', label: 'mentors on the desk' },
  { target: 243, suffix: '', label: 'page trading blueprint' },
];

function Stat({ target, suffix, label, running }: (typeof STATS)[number] & { running: boolean }) {
  const value = useCountUp(target, running);
  return (
    <div className={styles.stat}>
      <dt className={styles.statLabel}>{label}</dt>
      {/* Screen readers get the final figure once, not every animation frame. */}
      <dd className={styles.statValue}>
        <span aria-hidden="true" data-stat={label}>
          {value}
          {suffix}
        </span>
        <span className="visually-hidden">
          {target}
          {suffix}
        </span>
      </dd>
    </div>
  );
}

export function PreviewHero() {
  // The count-up starts when the stats come into view (at once on most screens).
  const { ref, revealed } = useRevealed<HTMLDListElement>();
  return (
    <header className={styles.hero}>
      <div className={styles.container}>
        <p className={styles.eyebrow}>The {brand.name} tour</p>
        <h1 className={styles.heroTitle}>{brand.tagline}</h1>
        <p className={styles.lead}>
          A trading floor you can join from home: mentors who trade the open with you every weekday, a curriculum
          that turns those sessions into a written process, and tools that keep you honest about your results.
        </p>
        <div className={styles.actions}>
          <Link to={`${paths.join}#plans`} className={`${styles.btnLarge} btn btn-primary`}>
            Start your 7-day trial
          </Link>
          <a href="#memberships" className={`${styles.btnLarge} btn btn-secondary`}>
            Compare memberships
          </a>
        </div>
        <dl ref={ref} className={styles.stats}>
          {STATS.map((stat) => (
            <Stat key={stat.label} {...stat} running={revealed} />
          ))}
        </dl>
      </div>
    </header>
  );
}
