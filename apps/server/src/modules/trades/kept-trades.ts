import { LRUCache } from 'lru-cache';
import { Trade, type Trade as TradeItem } from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { logTrade, type TradeLogRow } from './present.ts';
import type { RevisionedMember } from './revisions.ts';

/**
 * A trade as the trade log sends it: its row checked against the contract as the response
 * serializer checks an answer (`logTrade(row)` as the contract's trade), and that trade's JSON as
 * UTF-8 bytes. A page's answer is copied together from these bytes, so its trades are never read,
 * checked or encoded again, and a page built is not a 30 kB string joined then encoded to UTF-8.
 */
export type KeptTrade = { trade: TradeItem; json: Buffer };

/**
 * Memory bound: trades kept per app instance, all members together, about 2 KB each (the object
 * and its JSON's bytes, each in a buffer of its own: a slice of Node's shared pool would hold its
 * whole 8 kB slab while the trade is kept): at most about 40 MB. A member's trades go least
 * recently used first, then the members seen longest ago.
 */
const MAX_KEPT_TRADES = 20_000;

type MemberTrades = { revision: number; trades: Map<number, KeptTrade>; size: number };

/**
 * A row as the log sends it; a row the contract refuses fails the request as the serializer would.
 * The serializer encodes; the trade contract holds no codec, transform or default (its test says
 * so), so parsing checks and copies a trade alike, through zod's compiled path for objects: encoding
 * passes over each field twice, copying the context at each (2.3 against 0.9 µs of CPU a trade once
 * warm; 23 against 3 µs over a server's first 10,000 trades).
 */
export function keptTradeOf(row: TradeLogRow): KeptTrade {
  const checked = Trade.safeParse(logTrade(row));
  if (!checked.success)
    throw new Error(`Trade ${row.id} does not match the contract`, { cause: checked.error });
  const text = JSON.stringify(checked.data);
  const json = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  json.write(text);
  return { trade: checked.data, json };
}

/**
 * Each member's trades as the log sends them, valid for the trade revision they were read at (it
 * moves in the transaction of any write to the member's trades, through any instance: the next
 * request reads the new revision with its token and finds nothing kept for it). A trade's JSON
 * depends on its row alone, so the journal's revision is not part of the key: filtered pages of
 * one revision of the trades share them whatever the journal says.
 */
export class KeptTrades {
  private readonly members: LRUCache<string, MemberTrades>;

  constructor(private readonly max = MAX_KEPT_TRADES) {
    this.members = new LRUCache({ maxSize: max, sizeCalculation: (member) => member.size });
  }

  /** The trades of these ids, in their order: the kept ones, the others read by `read` (missing ones left out) and kept. */
  async inOrder(member: RevisionedMember, ids: number[], read: (ids: number[]) => Promise<TradeLogRow[]>): Promise<KeptTrade[]> {
    const kept = this.current(member);
    const found = ids.map((id) => this.hit(kept, id));
    const missing = ids.filter((_id, at) => found[at] === undefined);
    if (missing.length === 0) return found as KeptTrade[];
    const fetched = new Map((await read(missing)).map((row) => [row.id, keptTradeOf(row)]));
    this.keep(member, fetched);
    return ids.flatMap((id, at) => found[at] ?? fetched.get(id) ?? []);
  }

  /** These rows (read by the caller: the unfiltered log's page) as the log sends them; the kept ones are not encoded again. */
  fromRows(member: RevisionedMember, rows: TradeLogRow[]): KeptTrade[] {
    const kept = this.current(member);
    const fresh = new Map<number, KeptTrade>();
    const answer = rows.map((row) => {
      const hit = this.hit(kept, row.id);
      if (hit) return hit;
      const trade = keptTradeOf(row);
      fresh.set(row.id, trade);
      return trade;
    });
    if (fresh.size > 0) this.keep(member, fresh);
    return answer;
  }

  private current(member: RevisionedMember) {
    const kept = this.members.peek(member.userId);
    if (kept?.revision !== member.tradeRevision) return undefined;
    // Only a current member becomes the most recent: one kept at another revision may go first.
    this.members.get(member.userId);
    return kept.trades;
  }

  /** A kept trade, made the member's most recent. */
  private hit(kept: Map<number, KeptTrade> | undefined, id: number) {
    const trade = kept?.get(id);
    if (trade) {
      kept!.delete(id);
      kept!.set(id, trade);
    }
    return trade;
  }

  private keep(member: RevisionedMember, fresh: Map<number, KeptTrade>) {
    const kept = this.members.peek(member.userId);
    // Rows read for an older revision never replace a newer one's.
    if (kept && kept.revision > member.tradeRevision) return;
    const trades = kept?.revision === member.tradeRevision ? kept.trades : new Map<number, KeptTrade>();
    for (const [id, trade] of fresh) {
      trades.delete(id);
      trades.set(id, trade);
    }
    while (trades.size > this.max) trades.delete(trades.keys().next().value!);
    // A new object: lru-cache weighs a value when it is set, and only a new one.
    this.members.set(member.userId, { revision: member.tradeRevision, trades, size: Math.max(1, trades.size) });
  }
}

/** The app instance's kept trades (one per context, so test apps never share). */
export function keptTrades(ctx: AppContext): KeptTrades {
  return (ctx.memory.keptTrades ??= new KeptTrades());
}
