import { Link } from 'react-router';
import { brand } from '@/config/brand';
import { paths } from '@/config/paths';
import { RevealSection } from './reveal-section';

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
    <RevealSection id="memberships" className="mk-section mk-section-alt" aria-labelledby="memberships-title">
      <div className="mk-container">
        <p className="mk-eyebrow">Memberships</p>
        <h2 id="memberships-title" className="mk-section-title">
          Two memberships, billed annually, with a 7-day trial
        </h2>
        <p className="mk-section-intro">Try everything for seven days. Cancel any time during the trial and you are not charged.</p>
        <div className="mk-grid mk-grid-2">
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
    <RevealSection id="support" className="mk-section" aria-labelledby="support-title">
      <div className="mk-container pv-support">
        <div>
          <p className="mk-eyebrow">Support</p>
          <h2 id="support-title" className="mk-section-title">
            Questions before you join?
          </h2>
          <p className="muted">
            Ask about the schedule, the courses, billing or linking your broker account. A person from the team
            answers, usually within one business day.
          </p>
        </div>
        <a className="btn btn-secondary mk-btn-large" href={`mailto:${brand.supportEmail}`}>
          Email {brand.supportEmail}
        </a>
      </div>
    </RevealSection>
  );
}

export function PreviewTestimonials() {
  return (
    <RevealSection id="testimonials" className="mk-section mk-section-alt" aria-labelledby="testimonials-title">
      <div className="mk-container">
        <p className="mk-eyebrow">Members</p>
        <h2 id="testimonials-title" className="mk-section-title">
          What members say
        </h2>
        <ul className="mk-grid mk-grid-3 mk-feature-list">
          {TESTIMONIALS.map((item) => (
            <li key={item.name} className="card mk-card">
              <figure className="pv-quote">
                <blockquote>{item.quote}</blockquote>
                <figcaption>
                  <strong>{item.name}</strong> <span className="muted">· {item.detail}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
        <p className="pv-fineprint">Individual experiences. Trading involves risk and results vary.</p>
      </div>
    </RevealSection>
  );
}

export function PreviewFinalCta() {
  return (
    <RevealSection className="mk-section pv-final" aria-labelledby="final-title">
      <div className="mk-container">
        <h2 id="final-title" className="mk-section-title">
          Your first session is at 9:15 tomorrow morning
        </h2>
        <p className="mk-lead">Join the desk, start the blueprint and keep a journal from day one.</p>
        <div className="mk-actions">
          <Link to={TRIAL_HREF} className="btn btn-primary mk-btn-large">
            Start your 7-day trial
          </Link>
          <Link to={paths.home} className="btn btn-secondary mk-btn-large">
            Back to the home page
          </Link>
        </div>
      </div>
    </RevealSection>
  );
}
