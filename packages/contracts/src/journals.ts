import { z } from 'zod';
import { entryEndpoints } from './client-endpoints.ts';
import { endpoint, withSchemas, type EndpointSchemas } from './endpoint.ts';
import { dataOf } from './common.ts';

/** §5.4: the moods a member can pick before, during and after a trade. */
export const EMOTIONS = [
  'Calm',
  'Confident',
  'Focused',
  'Hopeful',
  'Doubt',
  'Frustrated',
  'Satisfied',
  'Relieved',
  'Stressed',
  'Excited',
] as const;
export type Emotion = (typeof EMOTIONS)[number];

/** Blank text is sent as null (§5.4); the server stores null. */
const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .max(max, `${label} is limited to ${max} characters.`)
    .nullable()
    .optional();

/** Blank entries are dropped by the server. */
const Labels = (label: string) =>
  z
    .array(z.string().trim().max(40, `Each ${label.toLowerCase()} is limited to 40 characters.`), {
      error: `${label} must be a list.`,
    })
    .max(20, `Use at most 20 ${label.toLowerCase()}.`)
    .nullable()
    .optional();

const Emotion = z
  .union([z.enum(EMOTIONS), z.literal(''), z.null()], { error: 'Choose an emotion from the list.' })
  .optional()
  .transform((value) => (value ? value : null));

export const TradeContext = z.object({
  session: z.string().nullable(),
  marketCondition: z.string().nullable(),
  news: z.string().nullable(),
});
export const TradeEmotions = z.object({
  before: z.enum(EMOTIONS).nullable(),
  during: z.enum(EMOTIONS).nullable(),
  after: z.enum(EMOTIONS).nullable(),
});
export const TradeChecklist = z.object({
  planAligned: z.boolean(),
  riskManaged: z.boolean(),
  scalingRules: z.boolean(),
});

/** A trade's journal entry (§3.8), keyed by date and trade id. */
export const JournalTradeEntry = z.object({
  trade_id: z.string(),
  date: z.string(),
  outcome: z.string().nullable(),
  notes: z.string().nullable(),
  context: TradeContext,
  emotions: TradeEmotions,
  checklist: TradeChecklist,
  labels: z.array(z.string()),
  /** The playbook the trade was taken under, and the ids of its rules the member followed. */
  playbook_id: z.string().nullable(),
  rules_followed: z.array(z.string()),
  updated_at: z.string(),
});
export type JournalTradeEntry = z.infer<typeof JournalTradeEntry>;

/** A day's journal; `trades` maps trade id → entry. */
export const JournalDay = z.object({
  date: z.string(),
  session: z.string().nullable(),
  sentiment: z.string().nullable(),
  plan_summary: z.string().nullable(),
  overall_notes: z.string().nullable(),
  tags: z.array(z.string()),
  updated_at: z.string().nullable(),
  trades: z.record(z.string(), JournalTradeEntry),
});
export type JournalDay = z.infer<typeof JournalDay>;

export const JournalDayResponse = dataOf(JournalDay);
export type JournalDayResponse = z.infer<typeof JournalDayResponse>;

export const JournalDayParams = z.object({ date: z.string().max(40) });
export const JournalTradeParams = z.object({
  date: z.string().max(40),
  tradeId: z.string().max(64),
});

/** PUT /api/journals/days/{date}: absent fields stay as they are, blank ones are cleared. */
export const JournalDayRequest = z.object({
  session: text('Session', 60),
  sentiment: text('Sentiment', 60),
  plan_summary: text('Plan summary', 2000),
  overall_notes: text('Narrative', 50_000),
  tags: Labels('Tags'),
});
export type JournalDayRequest = z.input<typeof JournalDayRequest>;

/** PUT /api/journals/days/{date}/trades/{tradeId}. The session is derived, never taken. */
export const JournalTradeRequest = z.object({
  outcome: text('Outcome', 200),
  notes: text('Notes', 50_000),
  context: z
    .object({
      session: text('Session', 60),
      marketCondition: text('Market condition', 200),
      news: text('News catalyst', 500),
    })
    .nullable()
    .optional(),
  emotions: z.object({ before: Emotion, during: Emotion, after: Emotion }).nullable().optional(),
  checklist: z
    .object({
      planAligned: z.boolean().nullable().optional(),
      riskManaged: z.boolean().nullable().optional(),
      scalingRules: z.boolean().nullable().optional(),
    })
    .nullable()
    .optional(),
  labels: Labels('Labels'),
  /** One of the member's playbooks; null takes the trade out of any (and clears its ticks). */
  playbook_id: z.string({ error: 'Choose a playbook from the list.' }).max(64).nullable().optional(),
  /** Rule ids of that playbook; the server refuses ids the playbook does not have. */
  rules_followed: z
    .array(z.string().max(16), { error: 'Rules followed must be a list.' })
    .max(30, 'Tick at most 30 rules.')
    .nullable()
    .optional(),
});
export type JournalTradeRequest = z.input<typeof JournalTradeRequest>;

/** A tag the member has used, with how many trade entries and days carry it. */
export const JournalTag = z.object({ tag: z.string(), trades: z.number().int(), days: z.number().int() });
export type JournalTag = z.infer<typeof JournalTag>;
export const JournalTagsResponse = dataOf(z.array(JournalTag));
export type JournalTagsResponse = z.infer<typeof JournalTagsResponse>;

/** TradeDesk's tag filter and latest trades' outcomes (zod-free declarations in client-endpoints.ts). */
export const getJournalTagsSchemas = { tags: ['journals'], response: { 200: JournalTagsResponse } } satisfies EndpointSchemas;
export const getJournalDaySchemas = { tags: ['journals'], params: JournalDayParams, response: { 200: JournalDayResponse } } satisfies EndpointSchemas;

/** The journal: one page per trading day and a note per trade. */
export const journalEndpoints = {
  getJournalTags: withSchemas(entryEndpoints.getJournalTags, getJournalTagsSchemas),
  getJournalDay: withSchemas(entryEndpoints.getJournalDay, getJournalDaySchemas),
  saveJournalDay: endpoint({
    method: 'PUT',
    path: '/api/journals/days/:date',
    tags: ['journals'],
    params: JournalDayParams,
    body: JournalDayRequest,
    response: { 200: JournalDayResponse },
  }),
  saveTradeEntry: endpoint({
    method: 'PUT',
    path: '/api/journals/days/:date/trades/:tradeId',
    tags: ['journals'],
    params: JournalTradeParams,
    body: JournalTradeRequest,
    response: { 200: JournalDayResponse },
  }),
};
