/**
 * Loads a trade dataset into our schema for one new member (bulk insert through unnest): the
 * member, a linked live account holding four trades in five, the rest manual, each trade dated
 * by our rule (the Toronto date of its exit). Answers the member's and the account's ids.
 */
import type { DatabaseHandle } from '../../apps/server/src/db/client.ts';
import { DATASET_FEE, type TradeDataset } from './trade-dataset.ts';

export async function insertBenchMember(
  database: DatabaseHandle,
  email: string,
  accountNumber: string,
  trades: TradeDataset,
): Promise<{ id: string; account: string }> {
  const [user] = await database.query<{ id: string }>(`insert into users (email, first_name) values ($1, 'Bench') returning id`, [email]);
  const [account] = await database.query<{ id: string }>(
    `insert into trading_accounts (user_id, environment, broker_account_id, acc_num, name)
     values ($1, 'live', $2, $2, 'Bench Live') returning id`,
    [user!.id, accountNumber],
  );
  await database.query(
    `insert into trades (user_id, trading_account_id, source, broker_position_id, instrument, side, type, quantity,
       entry_time, exit_time, entry_price, exit_price, stop_loss, fee, gross_pnl, net_pnl, account_label, trade_date)
     select $1::uuid, case when x.linked then $2::uuid end, case when x.linked then 'linked' else 'manual' end,
       case when x.linked then 'P' || x.n end, x.instrument, x.side, 'market', 1, x.entry, x.exit, 100, 101, x.stop,
       $11::numeric, x.gross, x.net, case when x.linked then 'Bench Live' else 'Manual' end,
       (coalesce(x.exit, x.entry) at time zone 'America/Toronto')::date
     from unnest($3::timestamptz[], $4::timestamptz[], $5::text[], $6::text[], $7::numeric[], $8::numeric[], $9::numeric[],
       $10::boolean[]) with ordinality as x(entry, exit, instrument, side, net, gross, stop, linked, n)`,
    [user!.id, account!.id, trades.entry, trades.exit, trades.instrument, trades.side, trades.net, trades.gross, trades.stop, trades.linked, DATASET_FEE],
  );
  return { id: user!.id, account: account!.id };
}
