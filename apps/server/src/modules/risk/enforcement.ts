/**
 * Risk Manager enforcement: a pass per protected account (an account with rules), run by the
 * worker every few seconds. It reads the broker's balance, equity, positions, working orders and
 * today's fills, checks the rules and, on a breach, records the breach and every action it plans
 * (cancel each pending order, close each open position, pause the account's AlphaORB bots)
 * BEFORE sending any of them, then sends each once. An action is marked done once the broker
 * confirms it or no longer lists its target: the broker is always asked first, so a restart
 * mid-flatten resumes without closing a position twice. The account stays locked until the next
 * Toronto trading day (the cool-down: until it ends); while locked, anything new is flattened
 * again, and a lost broker connection never unlocks it. Warn only records a warning instead.
 * The member hears of each breach and warning once, as a 'risk' notification (in-app and, per
 * their preferences and quiet hours, an e-mail worded by riskMail).
 *
 * Two instances never act on one account at once: a pass takes the account's lease in the
 * database (risk_account_states.lease_owner/lease_until, set by one conditional upsert) and
 * skips an account another live pass holds. A lease rather than a row lock held across broker
 * calls: on the embedded database a transaction left open would stall every other statement.
 */
import { hostname } from 'node:os';
import { and, asc, eq, gt, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import { riskRuleNamesText } from '@th/contracts';
import { centsText, memberMomentText, toCents } from '@th/domain';
import type { AppContext } from '../../context.ts';
import { riskAccountRules, riskAccountStates, riskActions, riskEvents, tradingAccounts, users } from '../../db/schema/index.ts';
import { pauseAccountBots } from '../alphaorb/index.ts';
import type { BrokerOrder, BrokerPosition } from '../broker/index.ts';
import { notify, sendDueNotificationsNow } from '../notifications/index.ts';
import { openBrokerSession } from '../trading-accounts/index.ts';
import { breachesOf, tradingDayOf, tradingDayStart, type Breach } from './rule-checks.ts';
import { rulesOf } from './rules-columns.ts';

type AccountRow = typeof tradingAccounts.$inferSelect;
type StateRow = typeof riskAccountStates.$inferSelect;
type ActionRow = typeof riskActions.$inferSelect;

export const ENFORCE_LEASE_MS = 60_000;
/**
 * Accounts one pass checks at once. Each check waits on a few database and broker round trips:
 * one by one, a pass over 1,000 accounts took 21 s where 20 at a time took 6–8 s in the same run
 * (docs/benchmarks.md, Risk Manager enforcement). 20 stays within reach of the database pool and
 * far under the broker's per-account rate limits: an account still sees one check at a time.
 */
export const ENFORCE_CONCURRENCY = 20;
/** A failed action waits this long, doubled per attempt, up to a minute. */
const RETRY_BASE_MS = 2_000;
const RETRY_MAX_MS = 60_000;

/** What enforcement needs of one linked account at the broker. */
export type EnforcementBroker = {
  accountState(): Promise<Record<string, number | null>>;
  positions(): Promise<BrokerPosition[]>;
  orders(): Promise<BrokerOrder[]>;
  ordersHistory(from: number, to: number): Promise<BrokerOrder[]>;
  cancelOrder(orderId: string): Promise<void>;
  closePosition(positionId: string): Promise<void>;
};

export type EnforcementOptions = {
  /** This instance's name on leases (default: one per app instance). */
  owner?: string;
  brokerFor?: (ctx: AppContext, account: AccountRow) => EnforcementBroker | null;
  /** Accounts a pass checks at once (default ENFORCE_CONCURRENCY; 1 checks them one by one). */
  concurrency?: number;
  /**
   * Which accounts a pass over all of them takes (default 'all'): 'exposed' those whose last check
   * saw positions or working orders, or with actions still to send (the fast cadence); 'idle' the
   * others (the five-second cadence).
   */
  cadence?: 'all' | 'exposed' | 'idle';
  /** Test seams: called around each broker action (a throw simulates a crash there). */
  hooks?: { beforeSend?: (action: ActionRow) => Promise<void> | void; afterSend?: (action: ActionRow) => Promise<void> | void };
};

export type PassOutcome =
  | { kind: 'busy' }
  | { kind: 'unprotected' }
  | { kind: 'unreachable'; message: string }
  | { kind: 'checked'; locked: boolean; breaches: string[]; warnings: string[]; actions: number };

/** The linked account's broker for enforcement, or null when its login can no longer be used. */
export function enforcementBrokerFor(ctx: AppContext, account: AccountRow): EnforcementBroker | null {
  const session = account.status === 'active' ? openBrokerSession(ctx, account) : null;
  if (!session) return null;
  const { client } = session;
  return {
    accountState: () => session.call((ref) => client.accountState(ref)),
    positions: () => session.call((ref) => client.positions(ref)),
    orders: () => session.call((ref) => client.orders(ref)),
    ordersHistory: (from, to) => session.call((ref) => client.ordersHistory(ref, { from, to })),
    cancelOrder: (orderId) => session.call((ref) => client.cancelOrder(ref, orderId)),
    closePosition: (positionId) => session.call((ref) => client.closePosition(ref, positionId)),
  };
}

// One lease owner per app instance (its process memory), so two instances in one process differ.
const owners = new WeakMap<object, string>();
function ownerOf(ctx: AppContext): string {
  let owner = owners.get(ctx.memory);
  if (!owner) {
    owner = `${hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`;
    owners.set(ctx.memory, owner);
  }
  return owner;
}

/**
 * Accounts this instance is checking now: its two cadences (and a pass run by hand) share one
 * lease owner, which may take its own lease again, so an account already in hand here is busy.
 */
const inHand = new WeakMap<object, Set<string>>();
function holdOf(ctx: AppContext): Set<string> {
  let held = inHand.get(ctx.memory);
  if (!held) inHand.set(ctx.memory, (held = new Set()));
  return held;
}

const labelOf = (account: AccountRow) => account.label?.trim() || account.name;
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 300);

/** Takes the account's lease for one pass; null when another live pass holds it. */
async function claim(ctx: AppContext, account: AccountRow, owner: string): Promise<StateRow | null> {
  const now = ctx.now();
  const leaseUntil = new Date(now.getTime() + ENFORCE_LEASE_MS);
  const [row] = await ctx.db
    .insert(riskAccountStates)
    .values({ tradingAccountId: account.id, userId: account.userId, leaseOwner: owner, leaseUntil })
    .onConflictDoUpdate({
      target: riskAccountStates.tradingAccountId,
      set: { leaseOwner: owner, leaseUntil },
      setWhere: or(isNull(riskAccountStates.leaseUntil), lt(riskAccountStates.leaseUntil, now), eq(riskAccountStates.leaseOwner, owner)),
    })
    .returning();
  return row ?? null;
}

/**
 * Gives the lease back, writing what the pass found (last check, last error) in the same
 * statement; nothing when the lease was lost (its new holder writes its own).
 */
async function release(ctx: AppContext, accountId: string, owner: string, found: Partial<typeof riskAccountStates.$inferInsert>) {
  await ctx.db
    .update(riskAccountStates)
    .set({ leaseOwner: null, leaseUntil: null, ...found })
    .where(and(eq(riskAccountStates.tradingAccountId, accountId), eq(riskAccountStates.leaseOwner, owner)));
}

const updateState = (ctx: AppContext, accountId: string, values: Partial<typeof riskAccountStates.$inferInsert>) =>
  ctx.db.update(riskAccountStates).set({ ...values, updatedAt: ctx.now() }).where(eq(riskAccountStates.tradingAccountId, accountId));

/** The account's balance and equity in cents (equity: the broker's, else balance plus open P&L). */
function moneyOf(state: Record<string, number | null>, positions: BrokerPosition[]) {
  const balanceCents = toCents(state.balance ?? null);
  if (balanceCents === null) throw new Error('TradeLocker did not report the balance.');
  const open = state.openNetPnL ?? state.openGrossPnL ?? null;
  const openCents = open !== null ? toCents(open)! : positions.reduce((sum, p) => sum + (toCents(p.unrealizedPl) ?? 0), 0);
  const equityCents = state.equity !== undefined && state.equity !== null ? toCents(state.equity)! : balanceCents + openCents;
  return { balanceCents, equityCents };
}

/**
 * The numbers of the rules broken: one rule's as they are; several rules' keyed by rule
 * (`trade_loss.limit`), since their names overlap (a daily and a per-trade limit and loss).
 */
function numbersOf(found: Breach[]): Breach['numbers'] {
  if (found.length === 1) return found[0]!.numbers;
  return Object.fromEntries(found.flatMap((b) => Object.entries(b.numbers).map(([key, value]) => [`${b.rule}.${key}`, value])));
}

/** Orders a flatten cancels: working entries, not the stop-loss / take-profit of a position (closed with it). */
const pendingEntries = (orders: BrokerOrder[]) => orders.filter((o) => o.isOpen !== false || !o.positionId);

/**
 * Records an event and its planned actions in one transaction; answers the event id. A breach
 * or warning `told` to the member is queued as their 'risk' notification in the same transaction
 * (keyed by the event id: each event reaches the member once, in-app and by e-mail as their
 * preferences say), so a crash cannot leave a lock the member never hears of.
 */
async function recordEvent(
  ctx: AppContext,
  account: AccountRow,
  event: { kind: 'breach' | 'warning' | 'relock'; rules: string[]; message: string; numbers: Breach['numbers']; lockedUntil: Date | null },
  plan: { orders: BrokerOrder[]; positions: BrokerPosition[]; pauseBots: boolean },
  told = false,
) {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(riskEvents)
      .values({
        userId: account.userId,
        tradingAccountId: account.id,
        accountLabel: labelOf(account),
        kind: event.kind,
        rule: event.rules[0]!,
        rules: event.rules,
        tradingDay: tradingDayOf(now),
        numbers: event.numbers,
        message: event.message,
        lockedUntil: event.lockedUntil,
        createdAt: now,
      })
      .returning({ id: riskEvents.id });
    const base = { eventId: row!.id, userId: account.userId, tradingAccountId: account.id, createdAt: now, updatedAt: now };
    const actions = [
      ...plan.orders.map((o) => ({ ...base, kind: 'cancel_order' as const, target: o.id, detail: `Cancel ${o.side ?? ''} ${o.type ?? ''} order ${o.id}`.replace(/\s+/g, ' ') })),
      ...plan.positions.map((p) => ({ ...base, kind: 'close_position' as const, target: p.id, detail: `Close ${p.side ?? ''} ${p.qty ?? ''} lots, position ${p.id}`.replace(/\s+/g, ' ') })),
      ...(plan.pauseBots ? [{ ...base, kind: 'pause_bots' as const, target: account.id, detail: "Pause the account's AlphaORB bots" }] : []),
    ];
    if (actions.length) await tx.insert(riskActions).values(actions);
    if (event.lockedUntil) {
      await tx
        .update(riskAccountStates)
        .set({
          lockedUntil: event.lockedUntil,
          lockedAt: now,
          lockRule: event.rules[0]!,
          lockRules: event.rules,
          lockNumbers: { ...event.numbers, message: event.message },
          updatedAt: now,
        })
        .where(eq(riskAccountStates.tradingAccountId, account.id));
    }
    if (told) {
      const [user] = await tx.select({ timezone: users.timezone }).from(users).where(eq(users.id, account.userId));
      const label = labelOf(account);
      // Names every rule the check found broken, then what each one saw.
      const reason = `${riskRuleNamesText(event.rules)}: ${event.message}`;
      const until = event.lockedUntil
        ? memberMomentText(event.lockedUntil, user?.timezone)
        : null;
      await notify(
        ctx,
        {
          userIds: [account.userId],
          kind: 'risk',
          eventKey: String(row!.id),
          title: until ? `${label} is locked by Risk Manager` : `Risk Manager warning on ${label}`,
          body: until
            ? `${reason} Pending orders were cancelled, open positions closed and AlphaORB bots paused. Locked until ${until}.`
            : `${reason} The rules are set to warn only, so nothing was closed.`,
          link: '/risk',
          facts: { account: label, reason, lockedUntil: event.lockedUntil?.toISOString() ?? null },
        },
        tx,
      );
    }
    return row!.id;
  });
}

/** Asks the worker to send the risk e-mails just queued; the lock stands whatever the queue says. */
async function sendRiskEmails(ctx: AppContext, accountId: string) {
  await sendDueNotificationsNow(ctx).catch((error: unknown) => ctx.log.warn({ err: error, account: accountId }, 'risk e-mail not queued; the cron sends it'));
}

/**
 * Sends every action still due, oldest first. Each is asked of the broker first: an order no
 * longer working or a position no longer open is already done (a previous pass may have sent it
 * and stopped before writing so). A failure is kept on the action and retried with backoff.
 */
async function runActions(ctx: AppContext, account: AccountRow, broker: EnforcementBroker, options: EnforcementOptions): Promise<number> {
  const now = ctx.now();
  const due = await ctx.db
    .select()
    .from(riskActions)
    .where(
      and(
        eq(riskActions.tradingAccountId, account.id),
        inArray(riskActions.status, ['planned', 'sent', 'failed']),
        or(isNull(riskActions.nextAttemptAt), lte(riskActions.nextAttemptAt, now)),
      ),
    )
    .orderBy(asc(riskActions.id));
  if (due.length === 0) return 0;
  const needsOrders = due.some((a) => a.kind === 'cancel_order');
  const needsPositions = due.some((a) => a.kind === 'close_position');
  const [working, open] = await Promise.all([needsOrders ? broker.orders() : [], needsPositions ? broker.positions() : []]);
  let done = 0;
  for (const action of due) {
    const mark = (values: Partial<typeof riskActions.$inferInsert>) =>
      ctx.db.update(riskActions).set({ ...values, updatedAt: ctx.now() }).where(eq(riskActions.id, action.id));
    try {
      const present =
        action.kind === 'cancel_order'
          ? working.some((o) => o.id === action.target)
          : action.kind === 'close_position'
            ? open.some((p) => p.id === action.target)
            : true;
      if (present) {
        await mark({ status: 'sent', attempts: action.attempts + 1 });
        await options.hooks?.beforeSend?.(action);
        if (action.kind === 'cancel_order') await broker.cancelOrder(action.target);
        else if (action.kind === 'close_position') await broker.closePosition(action.target);
        else await pauseAccountBots(ctx, account.id);
        await options.hooks?.afterSend?.(action);
      }
      await mark({ status: 'done', lastError: null, nextAttemptAt: null });
      done++;
    } catch (error) {
      const attempts = action.attempts + 1;
      const wait = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** (attempts - 1));
      ctx.log.warn({ err: error, action: action.id, account: account.id }, 'risk action failed');
      await mark({ status: 'failed', attempts, lastError: errorText(error), nextAttemptAt: new Date(ctx.now().getTime() + wait) });
    }
  }
  return done;
}

/** One enforcement pass over one account. */
export function enforceAccount(ctx: AppContext, accountId: string, options: EnforcementOptions = {}): Promise<PassOutcome> {
  return checkAccount(ctx, accountId, options, true);
}

/**
 * One account's pass. `mayHaveActions` false: the pass's watch list found no action of the account
 * still to send, so the read of due actions is skipped (one statement fewer per account per pass;
 * an action planned meanwhile belongs to the pass holding the lease, or the next one).
 */
async function checkAccount(ctx: AppContext, accountId: string, options: EnforcementOptions, mayHaveActions: boolean): Promise<PassOutcome> {
  const held = holdOf(ctx);
  if (held.has(accountId)) return { kind: 'busy' };
  held.add(accountId);
  try {
    return await checkHeldAccount(ctx, accountId, options, mayHaveActions);
  } finally {
    held.delete(accountId);
  }
}

async function checkHeldAccount(ctx: AppContext, accountId: string, options: EnforcementOptions, mayHaveActions: boolean): Promise<PassOutcome> {
  const [row] = await ctx.db
    .select({ account: tradingAccounts, rules: riskAccountRules })
    .from(tradingAccounts)
    .leftJoin(riskAccountRules, eq(riskAccountRules.tradingAccountId, tradingAccounts.id))
    .where(eq(tradingAccounts.id, accountId));
  if (!row) return { kind: 'unprotected' };
  const { account, rules: rulesRow } = row;
  const owner = options.owner ?? ownerOf(ctx);
  const state = await claim(ctx, account, owner);
  if (!state) return { kind: 'busy' };
  // The pass's findings, written when the lease is given back.
  let found: Partial<typeof riskAccountStates.$inferInsert> = {};
  try {
    const now = ctx.now();
    const locked = state.lockedUntil !== null && state.lockedUntil > now;
    // Rules removed and no lock left: nothing to watch. A lock outlives its rules' removal.
    if (!rulesRow && !locked) {
      const pending = await ctx.db
        .select({ id: riskActions.id })
        .from(riskActions)
        .where(and(eq(riskActions.tradingAccountId, accountId), inArray(riskActions.status, ['planned', 'sent', 'failed'])));
      if (pending.length === 0) {
        found = { exposed: false };
        return { kind: 'unprotected' };
      }
    }
    const broker = (options.brokerFor ?? enforcementBrokerFor)(ctx, account);
    if (!broker) {
      const message = 'TradeLocker no longer accepts the saved login. Link this account again: Risk Manager cannot watch it until then.';
      found = { lastError: message, lastCheckedAt: now, updatedAt: now };
      return { kind: 'unreachable', message };
    }
    try {
      let actions = mayHaveActions ? await runActions(ctx, account, broker, options) : 0;
      const [money, positions, orders] = await Promise.all([broker.accountState(), broker.positions(), broker.orders()]);
      const { balanceCents, equityCents } = moneyOf(money, positions);
      const day = tradingDayOf(now);
      let startBalanceCents = toCents(state.startBalance);
      if (state.tradingDay !== day || startBalanceCents === null) {
        startBalanceCents = balanceCents;
        await updateState(ctx, accountId, { tradingDay: day, startBalance: centsText(balanceCents) });
      }
      const rules = rulesRow ? rulesOf(rulesRow) : null;
      const breaches: string[] = [];
      const warnings: string[] = [];
      const pending = pendingEntries(orders);
      if (locked) {
        // Locked: anything open or pending that no earlier action covers is flattened again.
        const covered = new Set(
          (
            await ctx.db
              .select({ target: riskActions.target })
              .from(riskActions)
              .where(and(eq(riskActions.tradingAccountId, accountId), inArray(riskActions.status, ['planned', 'sent', 'failed'])))
          ).map((r) => r.target),
        );
        const newOrders = pending.filter((o) => !covered.has(o.id));
        const newPositions = positions.filter((p) => !covered.has(p.id));
        if (newOrders.length || newPositions.length) {
          await recordEvent(
            ctx,
            account,
            {
              kind: 'relock',
              rules: ['locked'],
              message: `Trading while locked: ${newPositions.length} position(s) and ${newOrders.length} order(s) opened before the lock ends were closed.`,
              numbers: { positions: newPositions.length, orders: newOrders.length },
              lockedUntil: null,
            },
            { orders: newOrders, positions: newPositions, pauseBots: false },
          );
          breaches.push('locked');
          actions += await runActions(ctx, account, broker, options);
        }
      } else if (rules) {
        const found = breachesOf(rules, {
          now,
          currency: account.currency,
          startBalanceCents,
          balanceCents,
          equityCents,
          positions,
          orders: pending,
          // Only the trade count and the losing streak read today's fills: one broker call fewer otherwise.
          filledToday:
            rules.max_trades_per_day !== null || rules.cooldown
              ? (await broker.ordersHistory(tradingDayStart(now).getTime(), now.getTime())).filter((o) => (o.status ?? '').toLowerCase() === 'filled')
              : [],
        });
        if (found.length && rules.warn_only) {
          // One warning per rule per trading day.
          const warned = new Set(
            (
              await ctx.db
                .select({ rule: riskEvents.rule })
                .from(riskEvents)
                .where(and(eq(riskEvents.tradingAccountId, accountId), eq(riskEvents.tradingDay, day), eq(riskEvents.kind, 'warning')))
            ).map((r) => r.rule),
          );
          for (const breach of found.filter((b) => !warned.has(b.rule))) {
            await recordEvent(
              ctx,
              account,
              { kind: 'warning', rules: [breach.rule], message: breach.message, numbers: breach.numbers, lockedUntil: null },
              { orders: [], positions: [], pauseBots: false },
              true,
            );
            warnings.push(breach.rule);
          }
          if (warnings.length) await sendRiskEmails(ctx, accountId);
        } else if (found.length) {
          // One breach names every rule broken; the lock lasts to the latest end any of them sets.
          const lockedUntil = new Date(Math.max(...found.map((b) => b.lockedUntil.getTime())));
          const message = found.map((b) => b.message).join(' ');
          await recordEvent(
            ctx,
            account,
            { kind: 'breach', rules: found.map((b) => b.rule), message, numbers: numbersOf(found), lockedUntil },
            { orders: pending, positions, pauseBots: true },
            true,
          );
          breaches.push(...found.map((b) => b.rule));
          actions += await runActions(ctx, account, broker, options);
          // After the flatten, so the e-mail tells of what was done.
          await sendRiskEmails(ctx, accountId);
        }
      }
      // Open positions or working orders can breach before the next check: the fast cadence.
      found = { lastError: null, lastCheckedAt: ctx.now(), updatedAt: ctx.now(), exposed: positions.length > 0 || pending.length > 0 };
      return { kind: 'checked', locked: locked || breaches.length > 0, breaches, warnings, actions };
    } catch (error) {
      // The broker did not answer: the lock (if any) stands; the next pass tries again.
      const message = `TradeLocker did not answer: ${errorText(error)}`;
      found = { lastError: message, lastCheckedAt: ctx.now(), updatedAt: ctx.now() };
      ctx.log.warn({ err: error, account: accountId }, 'risk enforcement pass failed');
      return { kind: 'unreachable', message };
    }
  } finally {
    await release(ctx, accountId, owner, found);
  }
}

/**
 * Accounts to watch: those with rules, a lock still running, or actions still to send
 * (`unfinished`); of them, by cadence, the exposed ones and those with actions to send, or the
 * others. Short statements, each a scan of one small table.
 */
async function watchList(ctx: AppContext, cadence: NonNullable<EnforcementOptions['cadence']>) {
  const now = ctx.now();
  const unfinishedRows = ctx.db
    .selectDistinct({ id: riskActions.tradingAccountId })
    .from(riskActions)
    .where(inArray(riskActions.status, ['planned', 'sent', 'failed']));
  const exposedRows = () => ctx.db.select({ id: riskAccountStates.tradingAccountId }).from(riskAccountStates).where(eq(riskAccountStates.exposed, true));
  if (cadence === 'exposed') {
    const [exposed, unfinished] = await Promise.all([exposedRows(), unfinishedRows]);
    return { ids: [...new Set([...exposed, ...unfinished].map((r) => r.id))], unfinished: new Set(unfinished.map((r) => r.id)) };
  }
  const [ruled, locked, unfinished, exposed] = await Promise.all([
    ctx.db.select({ id: riskAccountRules.tradingAccountId }).from(riskAccountRules),
    ctx.db.select({ id: riskAccountStates.tradingAccountId }).from(riskAccountStates).where(gt(riskAccountStates.lockedUntil, now)),
    unfinishedRows,
    cadence === 'idle' ? exposedRows() : [],
  ]);
  const fast = new Set([...exposed, ...unfinished].map((r) => r.id));
  const all = [...new Set([...ruled, ...locked, ...unfinished].map((r) => r.id))];
  return { ids: cadence === 'idle' ? all.filter((id) => !fast.has(id)) : all, unfinished: new Set(unfinished.map((r) => r.id)) };
}

/**
 * One pass over every protected account (or those of one cadence), `concurrency` accounts at a
 * time; one account's trouble never stalls the others.
 */
export async function enforceAll(ctx: AppContext, options: EnforcementOptions = {}) {
  const outcomes: Record<string, PassOutcome> = {};
  const { ids, unfinished } = await watchList(ctx, options.cadence ?? 'all');
  let next = 0;
  const lane = async () => {
    while (next < ids.length) {
      const id = ids[next++]!;
      try {
        outcomes[id] = await checkAccount(ctx, id, options, unfinished.has(id));
      } catch (error) {
        ctx.log.error({ err: error, account: id }, 'risk enforcement failed');
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency ?? ENFORCE_CONCURRENCY, ids.length) }, lane));
  return outcomes;
}
