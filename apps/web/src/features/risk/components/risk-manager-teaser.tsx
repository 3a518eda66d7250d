import { Hero } from '@/components/hero';
import styles from './risk.module.css';

const FEATURES = [
  {
    icon: '🧮',
    title: 'Position size calculator',
    text: 'Size every trade from your account balance, risk percent and stop distance, per instrument.',
  },
  {
    icon: '🎯',
    title: 'R-multiple targets',
    text: 'See 1R, 2R and 3R price targets the moment you set your entry and stop.',
  },
  {
    icon: '🛑',
    title: 'Daily and session limits',
    text: 'Cap your loss and trade count per day and per session, with a warning before you cross the line.',
  },
  {
    icon: '💾',
    title: 'Presets',
    text: 'Save your risk rules for each strategy and switch between them in one click.',
  },
  {
    icon: '🔗',
    title: 'Linked accounts',
    text: 'Use the balances of your linked TradeLocker accounts so the numbers are always current.',
  },
  {
    icon: '📋',
    title: 'Review and compliance',
    text: 'Review how each day kept to your rules, alongside your TradeDesk journal.',
  },
];

/** The Risk Manager teaser: what is coming, no calls made (trading-tools §2.12). */
export function RiskManagerTeaser() {
  return (
    <>
      <Hero title="Risk Manager" subtitle="Coming Soon" />
      <p className={`${styles.intro} muted`}>
        A set of tools to plan every trade's risk before you take it and keep to your limits once you do.
      </p>
      <ul className={styles.features}>
        {FEATURES.map((feature) => (
          <li key={feature.title} className={`${styles.feature} card`}>
            <span className={styles.featureIcon} aria-hidden="true">
              {feature.icon}
            </span>
            <h2>{feature.title}</h2>
            <p>{feature.text}</p>
          </li>
        ))}
      </ul>
      <section className={`${styles.launch} card`} aria-labelledby="risk-launch-title">
        <h2 id="risk-launch-title">Launching Soon</h2>
        <p>
          The Risk Manager is in development. It will appear here in the platform as soon as it is ready; there is nothing
          to set up in the meantime.
        </p>
      </section>
    </>
  );
}
