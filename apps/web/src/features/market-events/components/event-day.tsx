import type { MarketEvent } from '@th/contracts';
import { displayValue, type MarketEventDay } from '@th/domain';
import { Badge } from '@/components/badge';
import { eventStats, eventTime, IMPACT_TONES } from '../utils/event-display';
import styles from './market-events.module.css';
import { TableWrap } from '@/components/table-wrap';
import { TableHead } from '@/components/table-head';

type Props = { day: MarketEventDay<MarketEvent>; zone: string; now: number };

const countLabel = (count: number) => `${count} ${count === 1 ? 'event' : 'events'}`;

function Stats({ event, now }: { event: MarketEvent; now: number }) {
  const stats = eventStats(event, now);
  return (
    <span className={`${styles.eventStats} ${stats.tone}`} title={stats.detail}>
      {stats.label}
      <span className="visually-hidden">: {stats.detail}</span>
    </span>
  );
}

/**
 * One day of the calendar: a table on wide screens, a card per event under 764 px (CSS picks
 * one; the other is display:none, so assistive technology reads only one).
 */
export function EventDay({ day, zone, now }: Props) {
  const headingId = `events-day-${day.date || 'tba'}`;
  return (
    <section className={styles.eventsDay} aria-labelledby={headingId}>
      <h2 className={styles.eventsDayHeading} id={headingId}>
        {day.label} <span className={styles.eventsDayCount}>{countLabel(day.count)}</span>
      </h2>
      <TableWrap className={styles.eventsTableWrap} label={`Events, ${day.label}`}>
        <table className={`${styles.eventsTable} data`}>
          <TableHead
            columns={[
              'Time',
              'Event',
              'Currency',
              'Impact',
              { label: 'Forecast', className: 'num' },
              { label: 'Actual', className: 'num' },
              { label: 'Previous', className: 'num' },
              'Stats',
            ]}
          />
          <tbody>
            {day.events.map((event) => (
              <tr key={event.id}>
                <td>{eventTime(event, zone)}</td>
                <td className={styles.eventsTitle}>{event.title}</td>
                <td title={event.country}>{event.currency}</td>
                <td>
                  <Badge tone={IMPACT_TONES[event.impact] ?? 'gray'}>{event.impact}</Badge>
                </td>
                <td className="num">{displayValue(event.forecast)}</td>
                <td className={`${styles.eventsActual} num`}>{displayValue(event.actual)}</td>
                <td className="num">{displayValue(event.previous)}</td>
                <td>
                  <Stats event={event} now={now} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
      <ul className={styles.eventsCards}>
        {day.events.map((event) => (
          <li key={event.id} className={styles.eventsCard}>
            <div className={styles.eventsCardTop}>
              <span className={styles.eventsCardTime}>{eventTime(event, zone)}</span>
              <span>{event.currency}</span>
              <Badge tone={IMPACT_TONES[event.impact] ?? 'gray'}>{event.impact}</Badge>
            </div>
            <p className={styles.eventsCardTitle}>{event.title}</p>
            <dl className={styles.eventsCardValues}>
              <div>
                <dt>Forecast</dt>
                <dd>{displayValue(event.forecast)}</dd>
              </div>
              <div>
                <dt>Actual</dt>
                <dd className={styles.eventsActual}>{displayValue(event.actual)}</dd>
              </div>
              <div>
                <dt>Previous</dt>
                <dd>{displayValue(event.previous)}</dd>
              </div>
              <div>
                <dt>Stats</dt>
                <dd>
                  <Stats event={event} now={now} />
                </dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}
