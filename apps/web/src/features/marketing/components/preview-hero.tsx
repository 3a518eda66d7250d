import { Link } from 'react-router';
import { brand } from '@/config/brand';
import { paths } from '@/config/paths';
import { useCountUp } from '../hooks/use-count-up';
import { useRevealed } from '../hooks/use-reveal';

const STATS = [
  { target: 1200, suffix: '+', label: 'active members' },
  { target: 8, suffix: '', label: 'mentors on the desk' },
  { target: 243, suffix: '', label: 'page trading blueprint' },
];

function Stat({ target, suffix, label, running }: (typeof STATS)[number] & { running: boolean }) {
  const value = useCountUp(target, running);
  return (
    <div className="pv-stat">
      <dt className="pv-stat-label">{label}</dt>
      {/* Screen readers get the final figure once, not every animation frame. */}
      <dd className="pv-stat-value">
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
    <header className="mk-hero pv-hero">
      <div className="mk-container">
        <p className="mk-eyebrow">The {brand.name} tour</p>
        <h1 className="mk-hero-title">{brand.tagline}</h1>
        <p className="mk-lead">
          A trading floor you can join from home: mentors who trade the open with you every weekday, a curriculum
          that turns those sessions into a written process, and tools that keep you honest about your results.
        </p>
        <div className="mk-actions">
          <Link to={`${paths.join}#plans`} className="btn btn-primary mk-btn-large">
            Start your 7-day trial
          </Link>
          <a href="#memberships" className="btn btn-secondary mk-btn-large">
            Compare memberships
          </a>
        </div>
        <dl ref={ref} className="pv-stats">
          {STATS.map((stat) => (
            <Stat key={stat.label} {...stat} running={revealed} />
          ))}
        </dl>
      </div>
    </header>
  );
}
