import { brand } from '@/config/brand';
import { RevealSection } from './reveal-section';
import { TableWrap } from '@/components/table-wrap';
import styles from './marketing.module.css';

const TOOLS = [
  { title: 'TradeDesk journal', text: 'Daily logs, trade notes, tags and statistics built from your synced broker history.' },
  { title: 'AlphaORB bot', text: 'Opening-range breakout automation with your own range window, risk and attempt limits. Paper mode included.' },
  { title: 'Levels Grabber', text: 'Prior-day high, low and close plus overnight levels, ready before the bell.' },
  { title: 'Market Events', text: 'The week’s economic calendar by impact, so you know when to stand aside.' },
];

const COMPARISON: { row: string; us: string; alone: string; signals: string }[] = [
  { row: 'Live sessions every weekday', us: 'Yes, on Zoom', alone: 'No', signals: 'Rarely' },
  { row: 'Recordings of every session', us: 'Within 12 hours', alone: 'No', signals: 'No' },
  { row: 'Structured curriculum', us: '150+ lessons', alone: 'Scattered videos', signals: 'No' },
  { row: 'Reasoning behind each trade', us: 'Explained live', alone: 'No', signals: 'Entry only' },
  { row: 'Trade journal with statistics', us: 'TradeDesk', alone: 'Spreadsheet', signals: 'No' },
  { row: 'Automation you control', us: 'AlphaORB', alone: 'Build it yourself', signals: 'No' },
  { row: 'Mentor attention', us: '2:1 member-to-mentor ratio', alone: 'None', signals: 'Chat only' },
];

export function PreviewCommunity() {
  return (
    <RevealSection id="community" className={`${styles.section} ${styles.sectionAlt}`} aria-labelledby="community-title">
      <div className={`${styles.container} ${styles.grid} ${styles.grid2}`}>
        <div>
          <p className={styles.eyebrow}>Community</p>
          <h2 id="community-title" className={styles.sectionTitle}>
            Traders who review, not just cheer
          </h2>
          <p className="muted">
            Channels for each session, a chart-review channel where mentors answer every post, and weekly
            accountability threads. Members share losing trades as readily as winners, because that is where the
            learning is.
          </p>
        </div>
        <ul className={`${styles.checks} ${styles.checksLarge}`}>
          <li>Session channels for New York, Sunday Setup and Asia Live</li>
          <li>Chart reviews answered by a mentor</li>
          <li>Weekly goals and journal check-ins</li>
          <li>Announcements for schedule changes and new lessons</li>
        </ul>
      </div>
    </RevealSection>
  );
}

export function PreviewTools() {
  return (
    <RevealSection id="tools" className={styles.section} aria-labelledby="tools-title">
      <div className={styles.container}>
        <p className={styles.eyebrow}>Tools</p>
        <h2 id="tools-title" className={styles.sectionTitle}>
          Built in-house for the way we trade
        </h2>
        <ul className={`${styles.grid} ${styles.grid4} ${styles.featureList}`}>
          {TOOLS.map((tool) => (
            <li key={tool.title} className={`${styles.card} card`}>
              <h3>{tool.title}</h3>
              <p className="muted">{tool.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </RevealSection>
  );
}

export function PreviewSignals() {
  return (
    <RevealSection id="signals" className={`${styles.section} ${styles.sectionAlt}`} aria-labelledby="signals-title">
      <div className={styles.container}>
        <p className={styles.eyebrow}>Signals</p>
        <h2 id="signals-title" className={styles.sectionTitle}>
          Desk trades, shown with their reasons and their results
        </h2>
        <p className={styles.sectionIntro}>
          When a mentor takes a trade in a session, the entry, stop, target and the reasoning are posted as it
          happens, and the exit is posted whether it won or lost. They are teaching examples from {brand.name}&apos;s
          desk, not advice for your account: size, risk and the decision to trade are always yours.
        </p>
      </div>
    </RevealSection>
  );
}

export function PreviewComparison() {
  return (
    <RevealSection id="compare" className={styles.section} aria-labelledby="compare-title">
      <div className={styles.container}>
        <p className={styles.eyebrow}>Compare</p>
        <h2 id="compare-title" className={styles.sectionTitle}>
          How membership compares
        </h2>
        <TableWrap labelledBy="compare-title">
          <table className={`${styles.compare} data`}>
            <caption className="visually-hidden">{brand.name} compared with learning alone and signal groups</caption>
            <thead>
              <tr>
                <th scope="col">What you get</th>
                <th scope="col">{brand.name}</th>
                <th scope="col">Learning alone</th>
                <th scope="col">Signal groups</th>
              </tr>
            </thead>
            <tbody>
              {COMPARISON.map((line) => (
                <tr key={line.row}>
                  <th scope="row">{line.row}</th>
                  <td className={styles.compareUs}>{line.us}</td>
                  <td>{line.alone}</td>
                  <td>{line.signals}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      </div>
    </RevealSection>
  );
}
