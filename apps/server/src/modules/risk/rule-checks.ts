/**
 * The Risk Manager's rules against what the broker reports, as a pure function: today's loss
 * against the start-of-day balance, loss per open trade, trades today, open lots, the session
 * now and the cool-down after losses in a row. Money is compared in integer cents.
 */
import { DateTime } from 'luxon';
import type { RiskRules } from '@th/contracts';
import { centsText, formatMoney, fromCents, sessionLabelAt, toCents, TRADE_TIME_ZONE } from '@th/domain';
import type { BrokerOrder, BrokerPosition } from '../broker/index.ts';

export type RiskRuleName = 'daily_loss' | 'trade_loss' | 'trades_per_day' | 'open_lots' | 'session' | 'cooldown';

export type Breach = {
  rule: RiskRuleName;
  message: string;
  /** The limit and what was seen, money as decimal text. */
  numbers: Record<string, string | number | null>;
  /** When the lock ends: the next Toronto trading day, or the end of the cool-down. */
  lockedUntil: Date;
};

export type AccountPicture = {
  now: Date;
  currency: string;
  startBalanceCents: number;
  balanceCents: number;
  equityCents: number;
  positions: BrokerPosition[];
  /** Working orders. */
  orders: BrokerOrder[];
  /** Today's filled orders from the order history (opening and closing fills). */
  filledToday: BrokerOrder[];
};

/** The Toronto trading date of a moment. */
export const tradingDayOf = (at: Date) => DateTime.fromJSDate(at, { zone: TRADE_TIME_ZONE }).toISODate()!;

/** The start of the Toronto trading day after the one `at` falls in. */
export function nextTradingDayStart(at: Date): Date {
  return DateTime.fromJSDate(at, { zone: TRADE_TIME_ZONE }).startOf('day').plus({ days: 1 }).toJSDate();
}

/** The start of `at`'s Toronto trading day. */
export function tradingDayStart(at: Date): Date {
  return DateTime.fromJSDate(at, { zone: TRADE_TIME_ZONE }).startOf('day').toJSDate();
}

const lots = (value: string | null) => Number(value ?? 0) || 0;

/** Every rule the picture breaks, in the order of the rules on /risk. */
export function breachesOf(rules: RiskRules, p: AccountPicture): Breach[] {
  const money = (cents: number) => formatMoney(fromCents(cents), { currency: p.currency });
  const dayEnd = nextTradingDayStart(p.now);
  const out: Breach[] = [];

  if (rules.max_daily_loss) {
    const limitCents =
      rules.max_daily_loss.mode === 'money'
        ? toCents(rules.max_daily_loss.value)!
        : toCents((fromCents(p.startBalanceCents) * rules.max_daily_loss.value) / 100)!;
    const lossCents = p.startBalanceCents - p.equityCents;
    if (limitCents > 0 && lossCents >= limitCents) {
      out.push({
        rule: 'daily_loss',
        message: `Today's loss of ${money(lossCents)} reached the max daily loss of ${money(limitCents)}${
          rules.max_daily_loss.mode === 'percent' ? ` (${rules.max_daily_loss.value}% of the start-of-day balance)` : ''
        }.`,
        numbers: {
          limit: centsText(limitCents),
          loss: centsText(lossCents),
          start_balance: centsText(p.startBalanceCents),
          balance: centsText(p.balanceCents),
          equity: centsText(p.equityCents),
        },
        lockedUntil: dayEnd,
      });
    }
  }

  if (rules.max_trade_loss !== null) {
    const limitCents = toCents(rules.max_trade_loss)!;
    const worst = p.positions
      .map((position) => ({ position, pnl: toCents(position.unrealizedPl) ?? 0 }))
      .sort((a, b) => a.pnl - b.pnl)[0];
    if (worst && -worst.pnl >= limitCents) {
      out.push({
        rule: 'trade_loss',
        message: `An open trade is losing ${money(-worst.pnl)}, at or past the max loss per trade of ${money(limitCents)}.`,
        numbers: { limit: centsText(limitCents), loss: centsText(-worst.pnl), position_id: worst.position.id },
        lockedUntil: dayEnd,
      });
    }
  }

  if (rules.max_trades_per_day !== null) {
    const opened = new Set(p.filledToday.filter((o) => o.isOpen !== false && o.positionId).map((o) => o.positionId));
    if (opened.size > rules.max_trades_per_day) {
      out.push({
        rule: 'trades_per_day',
        message: `${opened.size} trades today, more than the max of ${rules.max_trades_per_day} trades per day.`,
        numbers: { limit: rules.max_trades_per_day, trades: opened.size },
        lockedUntil: dayEnd,
      });
    }
  }

  if (rules.max_open_lots !== null) {
    const open = Math.round(p.positions.reduce((sum, position) => sum + lots(position.qty), 0) * 100) / 100;
    if (open > rules.max_open_lots) {
      out.push({
        rule: 'open_lots',
        message: `${open} lots open, more than the max of ${rules.max_open_lots} open lots.`,
        numbers: { limit: rules.max_open_lots, lots: open },
        lockedUntil: dayEnd,
      });
    }
  }

  if (rules.allowed_sessions.length > 0 && (p.positions.length > 0 || p.orders.length > 0)) {
    const session = sessionLabelAt(p.now);
    if (!session || !(rules.allowed_sessions as string[]).includes(session)) {
      out.push({
        rule: 'session',
        message: `Trading in ${session ?? 'no session'}, outside the allowed sessions (${rules.allowed_sessions.join(', ')}).`,
        numbers: { session: session ?? null, allowed: rules.allowed_sessions.join(', ') },
        lockedUntil: dayEnd,
      });
    }
  }

  if (rules.cooldown) {
    const closes = p.filledToday
      .filter((o) => o.isOpen === false && o.realizedPnl !== null)
      .sort((a, b) => (a.lastModified ?? 0) - (b.lastModified ?? 0));
    let streak = 0;
    for (let i = closes.length - 1; i >= 0 && (toCents(closes[i]!.realizedPnl) ?? 0) < 0; i--) streak++;
    const last = closes[closes.length - 1];
    if (streak >= rules.cooldown.after_losses && last?.lastModified) {
      const until = new Date(last.lastModified + rules.cooldown.minutes * 60_000);
      if (until > p.now) {
        out.push({
          rule: 'cooldown',
          message: `${streak} losing trades in a row: cool-down of ${rules.cooldown.minutes} minutes after ${rules.cooldown.after_losses} losses.`,
          numbers: { losses: streak, limit: rules.cooldown.after_losses, minutes: rules.cooldown.minutes },
          lockedUntil: until,
        });
      }
    }
  }
  return out;
}
