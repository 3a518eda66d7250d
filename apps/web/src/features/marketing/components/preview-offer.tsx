import { Link } from 'react-router';
import { brand } from '@/config/brand';
import { paths } from '@/config/paths';
import { RevealSection } from './reveal-section';
import styles from './marketing.module.css';

const TRIAL_HREF = `${paths.join}#plans`;

const MEMBERSHIPS = [
  {
    name: 'Trader',
    price: 50,
    features: ['All live sessions and recordings', 'All education courses', 'TradeDesk journal and levels tools', 'Community channels'],
  },
  {
    name: 'Trader plus Automation',
    price: 95,
    features: ['Everything in Trader', 'AlphaORB opening-range-breakout bot', 'Paper mode and backtests', 'Automation review sessions'],
  },
];

const TESTIMONIALS = [
  {
    quote: 'Watching the desk skip trades taught me more than any video. My journal shows I take half as many trades now, and I can explain every one.',
    name: 'Jordan P.',
    detail: 'Member since the first cohort',
  },
  {
    quote: 'Asia Live fits my evenings. The replays mean I never miss a New York session even when I am at work.',
    name: 'Mei S.',
    detail: 'Trades part-time',
  },
  {
    quote: 'I ran AlphaORB on paper for a month before touching my account. The mentors were clear it is a tool, not a promise.',
    name: 'Andre L.',
    detail: 'Trader plus Automation member',
  },
];

export function PreviewMemberships() {
  return (
    <RevealSection id="memberships" className={`${styles.section} ${styles.sectionAlt}`} aria-labelledby="memberships-title">
      <div className={styles.container}>
        <p className={styles.eyebrow}>Memberships</p>
        <h2 id="memberships-title" className={styles.sectionTitle}>
          Two memberships, billed annually, with a 7-day trial
        </h2>
        <p className={styles.sectionIntro}>Try everything for seven days. Cancel any time during the trial and you are not charged.</p>
        <div className={`${styles.grid} ${styles.grid2}`}>
          {MEMBERSHIPS.map((plan) => (
            <article key={plan.name} className="card plan-card" aria-label={`${plan.name} membership`}>
              <h3 className="plan-name">{plan.name}</h3>
              <p className="plan-price">
                <span className="plan-amount">${plan.price}</span>
                <span className="plan-period">/ month, billed annually</span>
              </p>
              <ul className="plan-features">
                {plan.features.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
              <Link to={TRIAL_HREF} className="btn btn-primary plan-cta">
                Start 7-day trial
              </Link>
            </article>
          ))}
        </div>
      </div>
    </RevealSection>
  );
}

export function PreviewSupport() {
  return (
    <RevealSection id="support" className={styles.section} aria-labelledby="support-title">
      <div className={`${styles.container} ${styles.support}`}>
        <div>
          <p className={styles.eyebrow}>Support</p>
          <h2 id="support-title" className={styles.sectionTitle}>
            Questions before you join?
          </h2>
          <p className="muted">
            Ask about the schedule, the courses, billing or linking your broker account. A person from the team
            answers, usually within one business day.
          </p>
        </div>
        <a className={`${styles.btnLarge} btn btn-secondary`} href={`mailto:${brand.supportEmail}`}>
          Email {brand.supportEmail}
        </a>
      </div>
    </RevealSection>
  );
}

export function PreviewTestimonials() {
  return (
    <RevealSection id="testimonials" className={`${styles.section} ${styles.sectionAlt}`} aria-labelledby="testimonials-title">
      <div className={styles.container}>
        <p className={styles.eyebrow}>Members</p>
        <h2 id="testimonials-title" className={styles.sectionTitle}>
          What members say
        </h2>
        <ul className={`${styles.grid} ${styles.grid3} ${styles.featureList}`}>
          {TESTIMONIALS.map((item) => (
            <li key={item.name} className={`${styles.card} card`}>
              <figure className={styles.quote}>
                <blockquote>{item.quote}</blockquote>
                <figcaption>
                  <strong>{item.name}</strong> <span className="muted">· {item.detail}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
        <p className={styles.fineprint}>Individual experiences. Trading involves risk and results vary.</p>
      </div>
    </RevealSection>
  );
}

export function PreviewFinalCta() {
  return (
    <RevealSection className={`${styles.section} ${styles.final}`} aria-labelledby="final-title">
      <div className={styles.container}>
        <h2 id="final-title" className={styles.sectionTitle}>
          Your first session is at 9:15 tomorrow morning
        </h2>
        <p className={styles.lead}>Join the desk, start the blueprint and keep a journal from day one.</p>
        <div className={styles.actions}>
          <Link to={TRIAL_HREF} className={`${styles.btnLarge} btn btn-primary`}>
            Start your 7-day trial
          </Link>
          <Link to={paths.home} className={`${styles.btnLarge} btn btn-secondary`}>
            Back to the home page
          </Link>
        </div>
      </div>
    </RevealSection>
  );
}
