import { RevealSection } from './reveal-section';
import styles from './marketing.module.css';

const STORY = [
  {
    title: 'Watch it done',
    text: 'Every weekday the desk trades the New York open on screen and says out loud why a setup is taken, sized or skipped.',
  },
  {
    title: 'Learn the why',
    text: 'Courses turn what you saw into written rules: market structure, the opening range, risk per trade, and when not to trade.',
  },
  {
    title: 'Do it yourself',
    text: 'Link your broker account, journal every trade in TradeDesk and bring your week to review. Automate only what you understand.',
  },
];

const MENTORS = [
  { name: 'Rachel Moreau', focus: 'Index futures, the New York open' },
  { name: 'Daniel Osei', focus: 'Opening-range breakouts and automation' },
  { name: 'Priya Raman', focus: 'Risk management and position sizing' },
  { name: 'Tomás Herrera', focus: 'Forex and the Asian session' },
  { name: 'Grace Liu', focus: 'Trading psychology and journaling' },
  { name: 'Marcus Bell', focus: 'Market structure and key levels' },
  { name: 'Sofia Novak', focus: 'News days and the economic calendar' },
  { name: 'Ethan Clarke', focus: 'First-year traders and the fundamentals' },
];

const COURSES = [
  { title: 'Initial Setup', lessons: 7, text: 'Charts, platform, broker and journal configured the way the desk uses them.' },
  { title: 'Foundations', lessons: 8, text: 'Candles, structure, liquidity and the sessions that move the market.' },
  { title: 'Toolkit', lessons: 10, text: 'Levels, the opening range, AlphaORB settings and reading the calendar.' },
];

const BLUEPRINT = [
  { week: 'Week 1', title: 'Set up and observe', text: 'Finish Initial Setup, attend five New York sessions, journal what you see without trading.' },
  { week: 'Week 2', title: 'Structure and levels', text: 'Mark daily levels before the open and compare them with the desk’s plan.' },
  { week: 'Week 3', title: 'One setup, on paper', text: 'Trade only the opening-range breakout in a demo account with a fixed risk per trade.' },
  { week: 'Week 4', title: 'Review and refine', text: 'Bring your TradeDesk statistics to a mentor review; cut the mistakes that repeat.' },
  { week: 'Week 5', title: 'Your written plan', text: 'Write your own rules from the blueprint and decide, with a mentor, whether you are ready for live size.' },
];

export function PreviewStory() {
  return (
    <RevealSection id="story" className={`${styles.section} ${styles.sectionAlt}`} aria-labelledby="story-title">
      <div className={styles.container}>
        <p className={styles.eyebrow}>How members learn</p>
        <h2 id="story-title" className={styles.sectionTitle}>
          Watch it, understand it, then do it yourself
        </h2>
        <ol className={`${styles.grid} ${styles.grid3} ${styles.story}`}>
          {STORY.map((step) => (
            <li key={step.title} className={`${styles.card} card`}>
              <h3>{step.title}</h3>
              <p className="muted">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </RevealSection>
  );
}

export function PreviewMentors() {
  return (
    <RevealSection id="mentors" className={styles.section} aria-labelledby="mentors-title">
      <div className={styles.container}>
        <p className={styles.eyebrow}>Mentors</p>
        <h2 id="mentors-title" className={styles.sectionTitle}>
          Eight mentors, a 2:1 member-to-mentor ratio in every review group
        </h2>
        <ul className={`${styles.grid} ${styles.grid4} ${styles.featureList}`}>
          {MENTORS.map((mentor) => (
            <li key={mentor.name} className={`${styles.card} card`}>
              <span className={styles.mentorInitials} aria-hidden="true">
                {mentor.name
                  .split(' ')
                  .map((part) => part[0])
                  .join('')}
              </span>
              <h3>{mentor.name}</h3>
              <p className="muted">{mentor.focus}</p>
            </li>
          ))}
        </ul>
      </div>
    </RevealSection>
  );
}

export function PreviewCourses() {
  return (
    <RevealSection id="courses" className={`${styles.section} ${styles.sectionAlt}`} aria-labelledby="courses-title">
      <div className={styles.container}>
        <p className={styles.eyebrow}>Courses</p>
        <h2 id="courses-title" className={styles.sectionTitle}>
          150+ lessons, in the order you need them
        </h2>
        <p className={styles.sectionIntro}>
          Start with the three core courses, then go deeper with the session replays and the 243-page blueprint.
        </p>
        <ul className={`${styles.grid} ${styles.grid3} ${styles.featureList}`}>
          {COURSES.map((course) => (
            <li key={course.title} className={`${styles.card} card`}>
              <p className={styles.sessionWhen}>{course.lessons} {course.lessons === 1 ? 'lesson' : 'lessons'}</p>
              <h3>{course.title}</h3>
              <p className="muted">{course.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </RevealSection>
  );
}

export function PreviewBlueprint() {
  return (
    <RevealSection id="blueprint" className={styles.section} aria-labelledby="blueprint-title">
      <div className={styles.container}>
        <p className={styles.eyebrow}>The five-week blueprint</p>
        <h2 id="blueprint-title" className={styles.sectionTitle}>
          From your first session to a written trading plan
        </h2>
        <ol className={styles.timeline}>
          {BLUEPRINT.map((step) => (
            <li key={step.week}>
              <p className={styles.sessionWhen}>{step.week}</p>
              <h3>{step.title}</h3>
              <p className="muted">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </RevealSection>
  );
}
