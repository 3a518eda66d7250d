import type { AppContext } from '../context.ts';
import { ensureChannels } from '../modules/community/channels-seed.ts';

/** The demo community's channels (a second start adds nothing; staff's edits are kept). */
export async function seedCommunity(ctx: AppContext) {
  await ensureChannels(ctx, [
    { name: 'General', slug: 'general', description: 'Introduce yourself and talk about the trading day.' },
    { name: 'Futures', slug: 'futures', description: 'Index, energy and metals futures: setups, levels and reviews.' },
    { name: 'Forex', slug: 'forex', description: 'Currency pairs and the sessions that move them.' },
    { name: 'AlphaORB', slug: 'alphaorb', description: 'The opening range breakout bot: settings, runs and backtests.' },
    { name: 'Wins & lessons', slug: 'wins-and-lessons', description: 'Share a trade, good or bad, and what it taught you.' },
    { name: 'Announcements', slug: 'announcements', description: 'News from the team. Only staff post here.', readOnly: true },
  ]);
}
