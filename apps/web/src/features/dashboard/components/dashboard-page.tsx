import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { DateTime } from 'luxon';
import { monthKeyOf, TRADE_TIME_ZONE } from '@th/domain';
import { paths } from '@/config/paths';
import { BotsCard } from './bots-card';
import { EventsCard } from './events-card';
import { LatestTradesCard } from './latest-trades-card';
import { LearningCard } from './learning-card';
import { MonthCard } from './month-card';
import { ScheduleCard } from './schedule-card';
import styles from './dashboard.module.css';

export interface DashboardMember {
  firstName: string | null;
  zone: string;
  hasLinkedAccount: boolean;
  canManageBots: boolean;
}

function greetingFor(hour: number): string {
  if (hour < 5) return 'Good evening';
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

/** The clock for live badges and the greeting, refreshed each minute. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** The member's home: today, learning, this month's trading, bots and the week's events; `notices` (another feature's, e.g. Risk Manager locks) above them. */
export function DashboardPage({ member, notices }: { member: DashboardMember; notices?: ReactNode }) {
  const now = useNow();
  const local = DateTime.fromJSDate(now).setZone(member.zone);
  const month = monthKeyOf(now)!;
  const today = DateTime.fromJSDate(now).setZone(TRADE_TIME_ZONE).toISODate() ?? '';
  return (
    <div className={styles.page}>
      <header className="page-hero">
        <div>
          <h1>
            {greetingFor(local.hour)}
            {member.firstName ? `, ${member.firstName}` : ''}
          </h1>
          <p className="page-hero-subtitle">{local.setLocale('en-US').toFormat('cccc, LLLL d')} · times in {member.zone.replace(/_/g, ' ')}</p>
        </div>
      </header>
      {!member.hasLinkedAccount && (
        <section className={styles.banner} aria-label="Link a trading account">
          <p>
            <strong>Link a trading account</strong> to sync your trade history into TradeDesk and see your numbers here.
          </p>
          <Link className="btn btn-primary btn-small" to={paths.accountLink()}>
            Link trading account
          </Link>
        </section>
      )}
      {notices}
      <div className={styles.grid}>
        <ScheduleCard now={now} zone={member.zone} />
        <LearningCard />
        <MonthCard month={month} today={today} />
        <EventsCard now={now} zone={member.zone} />
        {member.canManageBots && <BotsCard />}
        <LatestTradesCard hasLinkedAccount={member.hasLinkedAccount} />
      </div>
      <p className={styles.footer}>
        <Link to={paths.reports}>See your full performance report →</Link>
      </p>
    </div>
  );
}
