import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { IntroPlanCard } from './intro-plan-card';
import { RevealSection } from './reveal-section';
import styles from './marketing.module.css';

/** #preview: a glance at the three places members spend their day. */
export function HomePreview() {
  return (
    <RevealSection id="preview" className={styles.section} aria-labelledby="preview-title">
      <div className={styles.container}>
        <p className={styles.eyebrow}>Preview</p>
        <h2 id="preview-title" className={styles.sectionTitle}>
          One place for the live desk, your lessons and your journal
        </h2>
        <div className={`${styles.grid} ${styles.grid3}`}>
          <article className={`${styles.card} card`}>
            <h3>Live session room</h3>
            <p className="muted">
              Join the desk on Zoom from inside the platform. Each session lists what to expect and keeps its last
              three replays with topics and running time.
            </p>
            <dl className={styles.miniList}>
              <div>
                <dt>New York</dt>
                <dd>Mon–Fri, 9:15 AM Eastern</dd>
              </div>
              <div>
                <dt>Sunday Setup</dt>
                <dd>Sunday, 8:00 PM</dd>
              </div>
              <div>
                <dt>Asia Live</dt>
                <dd>Wednesday, 8:00 PM</dd>
              </div>
            </dl>
          </article>
          <article className={`${styles.card} card`}>
            <h3>TradeDesk journal</h3>
            <p className="muted">
              Trades sync from your linked broker account. Each day gets a log with your narrative, mistakes, and the
              numbers that matter: win rate, average R and drawdown.
            </p>
            <table className={styles.sample} aria-label="Example journal week">
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  <th scope="col">Trades</th>
                  <th scope="col">Followed plan</th>
                </tr>
              </thead>
              <tbody>
                <tr>
                  <td>Mon</td>
                  <td>3</td>
                  <td>Yes</td>
                </tr>
                <tr>
                  <td>Tue</td>
                  <td>1</td>
                  <td>Yes</td>
                </tr>
                <tr>
                  <td>Wed</td>
                  <td>4</td>
                  <td>No: chased the open</td>
                </tr>
              </tbody>
            </table>
          </article>
          <article className={`${styles.card} card`}>
            <h3>AlphaORB bot</h3>
            <p className="muted">
              The opening-range-breakout bot measures the first minutes of the session and places bracket orders with
              your risk settings. Run it on paper first, then on your own account.
            </p>
            <ol className={styles.steps}>
              <li>Armed before the open</li>
              <li>Range measured</li>
              <li>Breakout order with stop and target</li>
            </ol>
          </article>
        </div>
        <p className={styles.more}>
          <Link to={paths.previewAlt}>See the full tour of the platform</Link>
        </p>
      </div>
    </RevealSection>
  );
}

const FEATURES = [
  {
    title: 'Daily live sessions',
    text: 'Three scheduled rooms on Zoom: New York before the bell, Sunday Setup for the week ahead, and Asia Live on Wednesday evenings.',
  },
  {
    title: 'Every session recorded',
    text: 'Missed the open? Replays go up within 12 hours with the topics covered, so you can jump straight to the part you need.',
  },
  {
    title: 'Structured courses',
    text: 'Start with Initial Setup, work through Foundations and the Toolkit, and track your progress lesson by lesson.',
  },
  {
    title: 'A community that reviews trades',
    text: 'Post your chart and your reasoning, get feedback from mentors and members who trade the same session.',
  },
  {
    title: 'TradeDesk journal',
    text: 'Broker trades sync into a daily log with notes, tags and statistics, so your review is built on facts rather than memory.',
  },
  {
    title: 'AlphaORB and the levels tools',
    text: 'Automate the opening-range breakout with your own limits, pull key levels for the day and check the economic calendar.',
  },
];

export function HomeFeatures() {
  return (
    <RevealSection id="features" className={styles.section} aria-labelledby="features-title">
      <div className={styles.container}>
        <p className={styles.eyebrow}>Features</p>
        <h2 id="features-title" className={styles.sectionTitle}>
          Everything you need to build a trading process
        </h2>
        <ul className={`${styles.grid} ${styles.grid3} ${styles.featureList}`}>
          {FEATURES.map((feature) => (
            <li key={feature.title} className={`${styles.card} card`}>
              <h3>{feature.title}</h3>
              <p className="muted">{feature.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </RevealSection>
  );
}

export function HomePricing() {
  return (
    <RevealSection id="pricing" className={styles.section} aria-labelledby="pricing-title">
      <div className={`${styles.container} ${styles.pricing}`}>
        <div>
          <p className={styles.eyebrow}>Pricing</p>
          <h2 id="pricing-title" className={styles.sectionTitle}>
            Become a founding member
          </h2>
          <p className={styles.lead}>
            We are opening the community at an introductory rate. Join now and your price stays the same for as long as
            your membership stays active.
          </p>
          <p className="muted">
            Trading carries real risk of loss. Everything here is education: we teach a process and show our own
            trades, we do not give personal advice or promise results.
          </p>
        </div>
        <IntroPlanCard />
      </div>
    </RevealSection>
  );
}
