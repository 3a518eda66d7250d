import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

export const INTRO_PLAN_FEATURES = [
  'All live streams, every trading day',
  'All education courses',
  'Standard trading tools and bots',
  'Community channels',
];

/** The founding-member offer (spec §1): 50 per month billed annually, rate kept while active. */
export function IntroPlanCard({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  // The card appears on several pages, sometimes next to other plans: ids must stay unique.
  const titleId = useId();
  return (
    <article className="card plan-card" aria-labelledby={titleId}>
      <p className="plan-eyebrow">Introductory Plan</p>
      <Heading id={titleId} className="plan-name">
        Founding Member
      </Heading>
      <p className="plan-price">
        <span className="plan-amount">$50</span>
        <span className="plan-period">/ month, billed annually</span>
      </p>
      <p className="muted">
        Founding members keep this rate for as long as they stay active. Every membership starts with a 7-day
        trial you can cancel at any time.
      </p>
      <p className="visually-hidden">Included:</p>
      <ul className="plan-features">
        {INTRO_PLAN_FEATURES.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      <Link to={paths.join} className="btn btn-primary plan-cta">
        Join now
      </Link>
    </article>
  );
}
