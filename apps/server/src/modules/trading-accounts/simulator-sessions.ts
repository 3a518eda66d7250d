/**
 * The embedded simulator keeps its broker sessions in memory, so after a restart every stored
 * token of a simulator login is unknown to it. At boot we ask it for fresh tokens for those
 * logins (no password needed: it is our own process), so linked demo accounts keep syncing.
 * Real TradeLocker hosts are never touched here.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { tradingAccounts } from '../../db/schema/index.ts';
import { brokerBaseUrl, simulatorUrl } from '../broker/index.ts';
import { sealTokens, type LoginTokens } from './broker-session.ts';

export type IssueSimulatorTokens = (brokerEmail: string) => Promise<LoginTokens | null> | LoginTokens | null;

export async function renewSimulatorSessions(ctx: AppContext, issue: IssueSimulatorTokens): Promise<number> {
  const onSimulator = (['demo', 'live'] as const).filter(
    (environment) => brokerBaseUrl(ctx.config, environment) === simulatorUrl(ctx.config),
  );
  let renewed = 0;
  for (const environment of onSimulator) {
    const rows = await ctx.db
      .select()
      .from(tradingAccounts)
      .where(and(eq(tradingAccounts.environment, environment), isNotNull(tradingAccounts.brokerEmail)));
    // One fresh login per member and broker login: its accounts share the tokens again.
    const logins = new Map<string, typeof rows>();
    for (const row of rows) {
      const key = `${row.userId}|${row.brokerEmail}|${row.server ?? ''}`;
      logins.set(key, [...(logins.get(key) ?? []), row]);
    }
    for (const accounts of logins.values()) {
      const tokens = await issue(accounts[0]!.brokerEmail!);
      if (!tokens) continue;
      const sealed = sealTokens(ctx, tokens);
      for (const row of accounts) {
        await ctx.db
          .update(tradingAccounts)
          .set({ ...sealed, connection: 'healthy', lastSyncError: null })
          .where(eq(tradingAccounts.id, row.id));
        renewed += 1;
      }
    }
  }
  return renewed;
}
