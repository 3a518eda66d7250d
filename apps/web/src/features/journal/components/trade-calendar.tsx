import { memo, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import type { RuleComplianceDay } from '@th/contracts/risk';
import { formatMoneyCompact, periodSummary, type DaySummary, type MonthGrid } from '@th/domain';
import { paths } from '@/config/paths';
import { ruleStatusText } from '../utils/rule-status';
import styles from './journal.module.css';

type Props = {
  grid: MonthGrid;
  summaries: ReadonlyMap<string, DaySummary>;
  narrow: boolean;
  /** Rules kept or broken by date (Risk Manager); absent while loading or for members without rules. */
  ruleDays?: ReadonlyMap<string, RuleComplianceDay>;
};

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
const tone = (net: number) => (net > 0 ? styles.isPositive : net < 0 ? styles.isNegative : '');

/** How many days each arrow key moves through the Sunday-first grid. */
const STEPS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

/**
 * §2.7 Sunday-first month grid with a Week column; a day opens its daily log. Memoised: the
 * page re-renders for the latest trades, the drawer and the filters, the month stays as it is.
 * A keyboard grid (roving tabindex): Tab reaches one day, the arrow keys move between days,
 * Home and End go to the week's first and last day, Enter opens the day. Each day is described
 * by its week's totals, so a screen reader says them with the day. A day under the Risk Manager's
 * rules says whether they were kept or broken in its name, and shows it with a mark (✓ or ✕ and,
 * where there is room, the words) rather than a colour alone.
 */
export const TradeCalendar = memo(function TradeCalendar({ grid, summaries, narrow, ruleDays }: Props) {
  const navigate = useNavigate();
  const money = (value: number) => formatMoneyCompact(value, { signed: true, showSymbol: !narrow });
  const days = grid.weeks.flatMap((week) => week.days.map((day) => day.date));
  const [chosen, setChosen] = useState<string | null>(null);
  const active = chosen && days.includes(chosen) ? chosen : (grid.weeks.flatMap((week) => week.days).find((day) => day.inMonth)?.date ?? days[0]);
  const cells = useRef(new Map<string, HTMLButtonElement>());
  const move = (event: KeyboardEvent, from: string) => {
    const index = days.indexOf(from);
    const target =
      event.key in STEPS
        ? days[index + STEPS[event.key]!]
        : event.key === 'Home'
          ? days[index - (index % 7)]
          : event.key === 'End'
            ? days[index - (index % 7) + 6]
            : undefined;
    if (event.key in STEPS || event.key === 'Home' || event.key === 'End') event.preventDefault();
    if (!target) return;
    setChosen(target);
    cells.current.get(target)?.focus();
  };
  return (
    <div className={styles.calendar} role="grid" aria-label={`Trading calendar, ${grid.label}`}>
      <div className={`${styles.calendarRow} ${styles.calendarHead}`} role="row">
        {WEEKDAYS.map((day) => (
          <div key={day} role="columnheader" className={styles.calendarHeading}>
            {day}
          </div>
        ))}
        <div role="columnheader" className={styles.calendarHeading}>
          Week
        </div>
      </div>
      {grid.weeks.map((week) => {
        const total = periodSummary(
          week.days.map((day) => day.date),
          summaries,
        );
        return (
          <div className={styles.calendarRow} role="row" key={week.days[0]!.date}>
            {week.days.map((day) => {
              const summary = summaries.get(day.date);
              const traded = summary && summary.trades > 0;
              const ruleDay = ruleDays?.get(day.date);
              const said = [ruleDay && ruleStatusText(ruleDay), traded && `${money(summary.net)}, ${counted(summary.trades, 'trade', 'trades')}`].filter(Boolean);
              return (
                <button
                  type="button"
                  role="gridcell"
                  key={day.date}
                  className={[styles.day, !day.inMonth && styles.outside, traded && tone(summary.net)].filter(Boolean).join(' ')}
                  onClick={() => navigate(paths.tradedeskDay(day.date))}
                  aria-label={`${day.date}${said.length ? `: ${said.join('; ')}` : ''}`}
                  aria-describedby={`calendar-week-${week.days[0]!.date}`}
                  tabIndex={day.date === active ? 0 : -1}
                  ref={(cell) => {
                    if (cell) cells.current.set(day.date, cell);
                    else cells.current.delete(day.date);
                  }}
                  onKeyDown={(event) => move(event, day.date)}
                  onFocus={() => setChosen(day.date)}
                  data-date={day.date}
                >
                  <span className={styles.date}>{day.dayOfMonth}</span>
                  {traded && (
                    <>
                      <span className={styles.net}>{money(summary.net)}</span>
                      <span className={styles.count}>
                        {counted(summary.trades, 'trade', 'trades')}
                      </span>
                    </>
                  )}
                  {ruleDay && (
                    <span className={ruleDay.status === 'kept' ? styles.rulesKept : styles.rulesBroken} aria-hidden="true" title={ruleStatusText(ruleDay)}>
                      {ruleDay.status === 'kept' ? '✓' : '✕'}
                      <span className={styles.ruleWords}>{ruleDay.status === 'kept' ? ' Rules kept' : ' Rules broken'}</span>
                    </span>
                  )}
                </button>
              );
            })}
            <div role="gridcell" id={`calendar-week-${week.days[0]!.date}`} className={[styles.week, total.trades && tone(total.net)].filter(Boolean).join(' ')}>
              <span className={styles.date}>Week {week.weekNumber}</span>
              <span className={styles.net}>{money(total.net)}</span>
              <span className={styles.count}>
                {counted(total.trades, 'trade', 'trades')} · {counted(total.days, 'day', 'days')}
              </span>
            </div>
          </div>
        );
      })}
    </div>
  );
});
