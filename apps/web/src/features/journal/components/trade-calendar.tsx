import { memo } from 'react';
import { useNavigate } from 'react-router';
import { formatMoneyCompact, periodSummary, type DaySummary, type MonthGrid } from '@th/domain';
import { paths } from '@/config/paths';

type Props = {
  grid: MonthGrid;
  summaries: ReadonlyMap<string, DaySummary>;
  narrow: boolean;
};

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
const tone = (net: number) => (net > 0 ? 'is-positive' : net < 0 ? 'is-negative' : 'is-flat');

/**
 * §2.7 Sunday-first month grid with a Week column; a day opens its daily log. Memoised: the
 * page re-renders for the latest trades, the drawer and the filters, the month stays as it is.
 */
export const TradeCalendar = memo(function TradeCalendar({ grid, summaries, narrow }: Props) {
  const navigate = useNavigate();
  const money = (value: number) => formatMoneyCompact(value, { signed: true, showSymbol: !narrow });
  return (
    <div className="calendar" role="grid" aria-label={`Trading calendar, ${grid.label}`}>
      <div className="calendar-row calendar-head" role="row">
        {WEEKDAYS.map((day) => (
          <div key={day} role="columnheader" className="calendar-heading">
            {day}
          </div>
        ))}
        <div role="columnheader" className="calendar-heading">
          Week
        </div>
      </div>
      {grid.weeks.map((week) => {
        const total = periodSummary(
          week.days.map((day) => day.date),
          summaries,
        );
        return (
          <div className="calendar-row" role="row" key={week.days[0]!.date}>
            {week.days.map((day) => {
              const summary = summaries.get(day.date);
              const traded = summary && summary.trades > 0;
              return (
                <button
                  type="button"
                  role="gridcell"
                  key={day.date}
                  className={`calendar-day${day.inMonth ? '' : ' is-outside'}${traded ? ` ${tone(summary.net)}` : ''}`}
                  onClick={() => navigate(paths.tradedeskDay(day.date))}
                  aria-label={`${day.date}${traded ? `: ${money(summary.net)}, ${counted(summary.trades, 'trade', 'trades')}` : ''}`}
                  data-date={day.date}
                >
                  <span className="calendar-date">{day.dayOfMonth}</span>
                  {traded && (
                    <>
                      <span className="calendar-net">{money(summary.net)}</span>
                      <span className="calendar-count">
                        {counted(summary.trades, 'trade', 'trades')}
                      </span>
                    </>
                  )}
                </button>
              );
            })}
            <div role="gridcell" className={`calendar-week ${total.trades ? tone(total.net) : ''}`}>
              <span className="calendar-date">Week {week.weekNumber}</span>
              <span className="calendar-net">{money(total.net)}</span>
              <span className="calendar-count">
                {counted(total.trades, 'trade', 'trades')} · {counted(total.days, 'day', 'days')}
              </span>
            </div>
          </div>
        );
      })}
    </div>
  );
});
