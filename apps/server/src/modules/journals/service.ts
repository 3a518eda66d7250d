import { and, eq, sql, type SQL } from 'drizzle-orm';
import { isCalendarDate, sessionLabelFor } from '@th/domain';
import { inTradingYears, type JournalDay, type JournalDayRequest, type JournalTradeEntry, type JournalTradeRequest } from '@th/contracts';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { journalDays, journalTradeEntries, trades } from '../../db/schema/index.ts';
import type { TradeChecklistJson, TradeContextJson, TradeEmotionsJson } from '../../db/schema/journals.ts';
import { AppError } from '../../errors.ts';
import { plainText, sanitizeRichText } from '../../lib/html.ts';
import { findMemberTrade, publicTradeId } from '../trades/index.ts';
import { findMemberPlaybook } from '../playbooks/index.ts';
import { rowsOf } from '../../db/rows.ts';

/** The journal is keyed by real calendar dates of trading years; anything else is refused before any query. */
export function journalDate(value: string): string {
  const date = value.trim();
  if (!isCalendarDate(date) || !inTradingYears(date)) {
    throw AppError.invalid('date', 'Invalid or missing date provided.');
  }
  return date;
}

function cleanList(values: readonly string[] | null | undefined): string[] {
  const seen = new Map<string, string>();
  for (const value of values ?? []) {
    const text = plainText(value);
    if (text && !seen.has(text.toLowerCase())) seen.set(text.toLowerCase(), text);
  }
  return [...seen.values()];
}

type DayRow = typeof journalDays.$inferSelect;

/** At most this many tags are offered: a member's own vocabulary, most used first. */
const MAX_TAGS = 200;

/**
 * The tags the member has put on trades and days, most used first, so the journal can suggest
 * them (and the trade log filter by them). Spelled as first written; counted in any case.
 */
export async function journalTags(ctx: AppContext, userId: string) {
  const result = await ctx.db.execute(sql`
    select min(tag) as tag, sum(on_trade)::int as trades, sum(on_day)::int as days
    from (
      select unnest(${journalTradeEntries.labels}) as tag, 1 as on_trade, 0 as on_day
        from ${journalTradeEntries} where ${journalTradeEntries.userId} = ${userId}
      union all
      select unnest(${journalDays.tags}), 0, 1 from ${journalDays} where ${journalDays.userId} = ${userId}
    ) used
    group by lower(tag)
    order by count(*) desc, lower(tag)
    limit ${MAX_TAGS}`);
  return { data: rowsOf<{ tag: string; trades: number; days: number }>(result).map((row) => ({ tag: row.tag, trades: Number(row.trades), days: Number(row.days) })) };
}

// The day's two reads run on every read and every save of a daily log: prepared (db/prepared.ts).
const dayQuery = prepared((db: Executor) =>
  db
    .select()
    .from(journalDays)
    .where(and(eq(journalDays.userId, sql.placeholder('userId')), eq(journalDays.date, sql.placeholder('date'))))
    .prepare('journal_day'),
);
const tradeEntriesQuery = prepared((db: Executor) =>
  db
    .select({ entry: journalTradeEntries, source: trades.source })
    .from(journalTradeEntries)
    .innerJoin(trades, eq(trades.id, journalTradeEntries.tradeId))
    .where(and(eq(journalTradeEntries.userId, sql.placeholder('userId')), eq(journalTradeEntries.date, sql.placeholder('date'))))
    .prepare('journal_day_trade_entries'),
);

/** The member's notes on each trade of the day, keyed by the trades' public ids. */
async function tradeEntriesOf(db: Executor, userId: string, date: string) {
  const entries = await tradeEntriesQuery(db).execute({ userId, date });
  const byTrade: Record<string, JournalTradeEntry> = {};
  for (const { entry, source } of entries) {
    const id = publicTradeId({ id: entry.tradeId, source });
    byTrade[id] = {
      trade_id: id,
      date: entry.date,
      outcome: entry.outcome,
      notes: entry.notes,
      context: entry.context,
      emotions: entry.emotions as JournalTradeEntry['emotions'],
      checklist: entry.checklist,
      labels: entry.labels,
      playbook_id: entry.playbookId === null ? null : String(entry.playbookId),
      // Ticks count only under a playbook (a deleted one leaves them behind).
      rules_followed: entry.playbookId === null ? [] : entry.rulesFollowed,
      updated_at: entry.updatedAt.toISOString(),
    };
  }
  return byTrade;
}

function journalDayOf(date: string, day: DayRow | undefined, byTrade: Record<string, JournalTradeEntry>) {
  const data: JournalDay = {
    date,
    session: day?.session ?? null,
    sentiment: day?.sentiment ?? null,
    plan_summary: day?.planSummary ?? null,
    overall_notes: day?.overallNotes ?? null,
    tags: day?.tags ?? [],
    updated_at: day?.updatedAt.toISOString() ?? null,
    trades: byTrade,
  };
  return { data };
}

/** GET /api/journals/days/{date}: the day's journal (empty fields when never written). */
export async function getJournalDay(ctx: AppContext, userId: string, rawDate: string, db: Executor = ctx.db) {
  const date = journalDate(rawDate);
  const [[day], byTrade] = await Promise.all([dayQuery(db).execute({ userId, date }), tradeEntriesOf(db, userId, date)]);
  return journalDayOf(date, day, byTrade);
}

/**
 * PUT /api/journals/days/{date}: one statement creates the day or changes only the fields sent,
 * so two tabs saving different fields never undo each other's work.
 */
export async function saveJournalDay(ctx: AppContext, userId: string, rawDate: string, body: JournalDayRequest) {
  const date = journalDate(rawDate);
  const given: Partial<Record<DayField, string | string[] | null>> = {
    ...(body.session !== undefined && { session: plainText(body.session) }),
    ...(body.sentiment !== undefined && { sentiment: plainText(body.sentiment) }),
    ...(body.plan_summary !== undefined && { planSummary: plainText(body.plan_summary) }),
    ...(body.overall_notes !== undefined && { overallNotes: sanitizeRichText(body.overall_notes) }),
    ...(body.tags !== undefined && { tags: cleanList(body.tags) }),
  };
  const fields = DAY_FIELDS.filter((field) => field in given);
  const [[day], byTrade] = await Promise.all([
    saveDayQuery(fields)(ctx.db).execute({ ...given, userId, date, now: ctx.now() }),
    tradeEntriesOf(ctx.db, userId, date),
  ]);
  return journalDayOf(date, day, byTrade);
}

const DAY_FIELDS = ['session', 'sentiment', 'planSummary', 'overallNotes', 'tags'] as const;
type DayField = (typeof DAY_FIELDS)[number];
const excluded: Record<DayField | 'updatedAt', SQL> = {
  session: sql.raw('excluded.session'),
  sentiment: sql.raw('excluded.sentiment'),
  planSummary: sql.raw('excluded.plan_summary'),
  overallNotes: sql.raw('excluded.overall_notes'),
  tags: sql.raw('excluded.tags'),
  updatedAt: sql.raw('excluded.updated_at'),
};
const saveDayQueries = new Map<string, ReturnType<typeof buildSaveDay>>();

/**
 * The upsert of a save that sends `fields`: the row inserted carries them, and on conflict only
 * they (and updated_at) are taken from it. Prepared once per set of fields (at most 32).
 */
function saveDayQuery(fields: DayField[]) {
  const key = fields.join(',');
  let query = saveDayQueries.get(key);
  if (!query) saveDayQueries.set(key, (query = buildSaveDay(fields)));
  return query;
}

function buildSaveDay(fields: DayField[]) {
  const set = Object.fromEntries([...fields, 'updatedAt' as const].map((field) => [field, excluded[field]]));
  const values = Object.fromEntries(fields.map((field) => [field, sql.placeholder(field)]));
  return prepared((db: Executor) =>
    db
      .insert(journalDays)
      .values({
        tags: [],
        ...values,
        userId: sql.placeholder('userId'),
        date: sql.placeholder('date'),
        createdAt: sql.placeholder('now'),
        updatedAt: sql.placeholder('now'),
      })
      .onConflictDoUpdate({ target: [journalDays.userId, journalDays.date], set })
      .returning()
      .prepare(`journal_day_save:${fields.join(',')}`),
  );
}

/** A field the request left out keeps its value; a blank one is cleared. */
const keep = <T>(given: T | undefined, current: T): T => (given === undefined ? current : given);

/**
 * PUT /api/journals/days/{date}/trades/{tradeId}: the member's notes on one of their trades of
 * that day. The session is always the trade's own (read-only in the editor).
 */
export async function saveTradeEntry(
  ctx: AppContext,
  userId: string,
  rawDate: string,
  tradeId: string,
  body: JournalTradeRequest,
) {
  const date = journalDate(rawDate);
  const trade = await findMemberTrade(ctx, userId, tradeId);
  if (!trade) throw new AppError('not_found', 'Trade not found.');
  if (!trade.tradeDate) throw AppError.invalid('date', 'Unable to determine trade date.');
  if (trade.tradeDate !== date) throw AppError.invalid('date', `This trade belongs to ${trade.tradeDate}, not ${date}.`);

  const playbook = await playbookOf(ctx, userId, body);

  return ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(journalTradeEntries)
      .where(and(eq(journalTradeEntries.userId, userId), eq(journalTradeEntries.tradeId, trade.id)))
      .for('update');
    const context: TradeContextJson = {
      session: sessionLabelFor(trade.entryTime?.toISOString(), trade.exitTime?.toISOString()),
      marketCondition:
        body.context === null
          ? null
          : keep(
              body.context?.marketCondition === undefined ? undefined : plainText(body.context.marketCondition),
              current?.context.marketCondition ?? null,
            ),
      news:
        body.context === null
          ? null
          : keep(
              body.context?.news === undefined ? undefined : plainText(body.context.news),
              current?.context.news ?? null,
            ),
    };
    const emotions: TradeEmotionsJson = {
      before: body.emotions === null ? null : keep(body.emotions?.before, current?.emotions.before ?? null),
      during: body.emotions === null ? null : keep(body.emotions?.during, current?.emotions.during ?? null),
      after: body.emotions === null ? null : keep(body.emotions?.after, current?.emotions.after ?? null),
    };
    const check = (key: keyof TradeChecklistJson) =>
      body.checklist === null ? false : (body.checklist?.[key] ?? current?.checklist[key] ?? false);
    const checklist: TradeChecklistJson = {
      planAligned: check('planAligned'),
      riskManaged: check('riskManaged'),
      scalingRules: check('scalingRules'),
    };
    const values = {
      date,
      outcome: keep(body.outcome === undefined ? undefined : plainText(body.outcome), current?.outcome ?? null),
      notes: keep(body.notes === undefined ? undefined : sanitizeRichText(body.notes), current?.notes ?? null),
      context,
      emotions,
      checklist,
      labels: body.labels === undefined ? (current?.labels ?? []) : cleanList(body.labels),
      ...playbookColumns(playbook, body.rules_followed, current),
      updatedAt: ctx.now(),
    };
    await tx
      .insert(journalTradeEntries)
      .values({ userId, tradeId: trade.id, ...values, createdAt: ctx.now() })
      .onConflictDoUpdate({ target: [journalTradeEntries.userId, journalTradeEntries.tradeId], set: values });
    return getJournalDay(ctx, userId, date, tx);
  });
}

type PlaybookChoice = { kind: 'keep' } | { kind: 'none' } | { kind: 'set'; id: number; ruleIds: Set<string> };

/** The playbook the request names: the member's own (another's answers 422 like a missing one). */
async function playbookOf(ctx: AppContext, userId: string, body: JournalTradeRequest): Promise<PlaybookChoice> {
  if (body.playbook_id === undefined) {
    if (body.rules_followed != null && body.rules_followed.length > 0) {
      throw AppError.invalid('playbook_id', 'Choose a playbook before ticking its rules.');
    }
    return { kind: 'keep' };
  }
  if (body.playbook_id === null || body.playbook_id === '') return { kind: 'none' };
  const playbook = await findMemberPlaybook(ctx.db, userId, body.playbook_id);
  if (!playbook) throw AppError.invalid('playbook_id', 'Choose a playbook from the list.');
  return { kind: 'set', id: playbook.id, ruleIds: new Set(playbook.rules.map((rule) => rule.id)) };
}

type EntryRow = typeof journalTradeEntries.$inferSelect;

/** The playbook and ticked rules to store: ticks only of the playbook's own rules. */
function playbookColumns(choice: PlaybookChoice, ticked: readonly string[] | null | undefined, current: EntryRow | undefined) {
  if (choice.kind === 'keep') return { playbookId: current?.playbookId ?? null, rulesFollowed: current?.rulesFollowed ?? [] };
  if (choice.kind === 'none') {
    if (ticked != null && ticked.length > 0) throw AppError.invalid('playbook_id', 'Choose a playbook before ticking its rules.');
    return { playbookId: null, rulesFollowed: [] };
  }
  const rules = [...new Set(ticked ?? [])];
  if (rules.some((id) => !choice.ruleIds.has(id))) {
    throw AppError.invalid('rules_followed', 'Tick only rules of the chosen playbook.');
  }
  return { playbookId: choice.id, rulesFollowed: rules };
}
