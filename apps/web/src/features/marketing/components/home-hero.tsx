import { Link } from 'react-router';
import { brand } from '@/config/brand';
import { paths } from '@/config/paths';

/** The first screen: the promise, the join button, and what a trading day looks like. */
export function HomeHero() {
  return (
    <header className="mk-hero">
      <div className="mk-container mk-hero-grid">
        <div>
          <p className="mk-eyebrow">Day-trading education, live every market day</p>
          <h1 className="mk-hero-title">{brand.tagline}</h1>
          <p className="mk-lead">
            Sit with working traders on Zoom before the New York open, learn a repeatable process in structured
            courses, and review every trade in your own journal. No signals to copy blindly: you learn why a setup
            is taken, and when to stay flat.
          </p>
          <div className="mk-actions">
            <Link to={paths.join} className="btn btn-primary mk-btn-large">
              Join now
            </Link>
            <Link to={paths.previewAlt} className="btn btn-secondary mk-btn-large">
              Take the tour
            </Link>
          </div>
          <ul className="mk-hero-facts">
            <li>Live at 9:15 AM Eastern, Monday to Friday</li>
            <li>Recordings posted within 12 hours</li>
            <li>7-day trial, cancel any time</li>
          </ul>
        </div>
        <aside className="mk-hero-panel" aria-label="Today on the desk">
          <p className="mk-panel-title">Today on the desk</p>
          <ol className="mk-day">
            <li>
              <span className="mk-day-time">8:45</span>
              <span>Pre-market levels posted in the community</span>
            </li>
            <li>
              <span className="mk-day-time">9:15</span>
              <span>New York live session opens on Zoom</span>
            </li>
            <li>
              <span className="mk-day-time">9:30</span>
              <span>Opening range forms; AlphaORB arms its breakout orders</span>
            </li>
            <li>
              <span className="mk-day-time">11:00</span>
              <span>Desk recap and Q&amp;A with the mentors</span>
            </li>
            <li>
              <span className="mk-day-time">16:00</span>
              <span>Journal review in TradeDesk</span>
            </li>
          </ol>
          <p className="mk-panel-note">Times in Eastern. Sunday Setup and Asia Live run in the evening.</p>
        </aside>
      </div>
    </header>
  );
}
