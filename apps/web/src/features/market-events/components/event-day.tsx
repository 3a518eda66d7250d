import type { MarketEvent } from '@th/contracts';
import { displayValue, type MarketEventDay } from '@th/domain';
import { Badge } from '@/components/badge';
import { eventStats, eventTime, IMPACT_TONES } from '../utils/event-display';
import { TableWrap } from '@/components/table-wrap';

type Props = { day: MarketEventDay<MarketEvent>; zone: string; now: number };

const countLabel = (count: number) => `${count} ${count === 1 ? 'event' : 'events'}`;

function Stats({ event, now }: { event: MarketEvent; now: number }) {
  const stats = eventStats(event, now);
  return (
    <span className={`event-stats ${stats.tone}`} title={stats.detail}>
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
    <section className="events-day" aria-labelledby={headingId}>
      <h2 className="events-day-heading" id={headingId}>
        {day.label} <span className="events-day-count">{countLabel(day.count)}</span>
      </h2>
      <TableWrap className="events-table-wrap" label={`Events, ${day.label}`}>
        <table className="data events-table">
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Event</th>
              <th scope="col">Currency</th>
              <th scope="col">Impact</th>
              <th scope="col" className="num">
                Forecast
              </th>
              <th scope="col" className="num">
                Actual
              </th>
              <th scope="col" className="num">
                Previous
              </th>
              <th scope="col">Stats</th>
            </tr>
          </thead>
          <tbody>
            {day.events.map((event) => (
              <tr key={event.id}>
                <td>{eventTime(event, zone)}</td>
                <td className="events-title">{event.title}</td>
                <td title={event.country}>{event.currency}</td>
                <td>
                  <Badge tone={IMPACT_TONES[event.impact] ?? 'gray'}>{event.impact}</Badge>
                </td>
                <td className="num">{displayValue(event.forecast)}</td>
                <td className="num events-actual">{displayValue(event.actual)}</td>
                <td className="num">{displayValue(event.previous)}</td>
                <td>
                  <Stats event={event} now={now} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
      <ul className="events-cards">
        {day.events.map((event) => (
          <li key={event.id} className="events-card">
            <div className="events-card-top">
              <span className="events-card-time">{eventTime(event, zone)}</span>
              <span className="events-card-currency">{event.currency}</span>
              <Badge tone={IMPACT_TONES[event.impact] ?? 'gray'}>{event.impact}</Badge>
            </div>
            <p className="events-card-title">{event.title}</p>
            <dl className="events-card-values">
              <div>
                <dt>Forecast</dt>
                <dd>{displayValue(event.forecast)}</dd>
              </div>
              <div>
                <dt>Actual</dt>
                <dd className="events-actual">{displayValue(event.actual)}</dd>
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
