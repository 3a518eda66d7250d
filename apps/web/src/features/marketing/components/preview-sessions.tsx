import { RevealSection } from './reveal-section';
import styles from './marketing.module.css';

/** The built-in marketing schedule (platform §2, Live sessions). */
export const MARKETING_SCHEDULE = [
  {
    title: 'New York',
    when: '9:15 AM Eastern, Monday to Friday',
    text: 'Pre-market plan, levels and news, then the open traded live with the desk calling what they see.',
  },
  {
    title: 'Sunday Setup',
    when: '8:00 PM Sunday',
    text: 'The week ahead: economic calendar, key weekly levels and the names and indices on the watchlist.',
  },
  {
    title: 'Asia Live',
    when: '8:00 PM Wednesday',
    text: 'An evening room for members in other time zones, trading the Asian session open with a mentor.',
  },
];

const EXPECTATIONS = [
  'Live trade calls and narrative from the desk',
  'Rapid-fire Q&A with senior mentors',
  'Replay uploaded within 12 hours',
];

export function PreviewSessions() {
  return (
    <RevealSection id="sessions" className={styles.section} aria-labelledby="sessions-title">
      <div className={styles.container}>
        <p className={styles.eyebrow}>Live sessions</p>
        <h2 id="sessions-title" className={styles.sectionTitle}>
          Trade the session with us, on Zoom
        </h2>
        <ul className={`${styles.grid} ${styles.grid3} ${styles.featureList}`}>
          {MARKETING_SCHEDULE.map((session) => (
            <li key={session.title} className={`${styles.card} card`}>
              <p className={styles.sessionWhen}>{session.when}</p>
              <h3>{session.title}</h3>
              <p className="muted">{session.text}</p>
              <ul className={styles.checks}>
                {EXPECTATIONS.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </div>
    </RevealSection>
  );
}
