import { botSlug, type OrbAction, type OrbEvent, type OrbRunState } from '@th/domain';
import type { AppContext } from '../../context.ts';
import { notify, type NotifyInput } from '../notifications/index.ts';
import type { BotRow } from './present.ts';

type Bot = Pick<BotRow, 'id' | 'label' | 'userId'>;

const linkOf = (bot: Bot) => `/alphaorb/bots/${botSlug({ id: bot.id, label: bot.label })}`;

const notice = (bot: Bot, eventKey: string, title: string, body: string): NotifyInput => ({
  userIds: [bot.userId],
  kind: 'alphaorb',
  eventKey,
  title,
  body,
  link: linkOf(bot),
});

/**
 * What the member hears of one recorded runner step: an order filled, a position stopped out or
 * at its target, the run failing. Keyed by run and order, so a step replayed after a crash adds
 * nothing.
 */
export function runNotices(
  bot: Bot,
  runId: string,
  event: OrbEvent,
  before: OrbRunState,
  after: OrbRunState,
  actions: readonly OrbAction[],
): NotifyInput[] {
  const out: NotifyInput[] = [];
  if (event.type === 'order_update' && event.status === 'filled') {
    const price = event.fillPrice === undefined ? '' : ` at ${event.fillPrice}`;
    out.push(notice(bot, `${runId}:filled:${event.clientOrderId}`, `${bot.label}: order filled`, `Your ${bot.label} bot's order was filled${price}.`));
  }
  for (const action of actions) {
    if (action.type !== 'trade_closed') continue;
    const t = action.trade;
    if (t.exitReason !== 'stop' && t.exitReason !== 'target') continue;
    const what = t.exitReason === 'stop' ? 'stopped out' : 'target hit';
    out.push(
      notice(
        bot,
        `${runId}:${t.exitReason}:${t.clientOrderId}`,
        `${bot.label}: ${what}`,
        `${t.instrument} ${t.side} closed at ${t.exitPrice} (${what}); P&L ${t.pnl}.`,
      ),
    );
  }
  if (after.state === 'failed' && before.state !== 'failed') {
    out.push(notice(bot, `${runId}:failed`, `${bot.label}: run error`, `Your ${bot.label} bot's run stopped with an error. Open the bot to read its log.`));
  }
  return out;
}

/** The member paused the bot: keyed by the moment, each pause is news once. */
export function pausedNotice(bot: Bot, at: Date): NotifyInput {
  return notice(bot, `${bot.id}:paused:${at.toISOString()}`, `${bot.label}: bot paused`, `Your ${bot.label} bot is paused. Upcoming runs will not start until you resume it.`);
}

/** Sends notices after their step is stored; a failure to notify never stops the runner. */
export async function sendNotices(ctx: AppContext, notices: readonly NotifyInput[]) {
  for (const input of notices) {
    try {
      await notify(ctx, input);
    } catch (error) {
      ctx.log.error({ err: error, kind: input.kind }, 'alphaorb: member could not be notified');
      ctx.errors.capture(error, { job: 'notify' });
    }
  }
}
