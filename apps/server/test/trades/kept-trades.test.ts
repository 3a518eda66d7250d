import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Trade } from '@th/contracts';
import { KeptTrades, keptTradeOf } from '../../src/modules/trades/kept-trades.ts';
import { logTrade, type TradeLogRow } from '../../src/modules/trades/present.ts';

const row = (id: number, netPnl = '10'): TradeLogRow => ({
  id,
  source: 'linked',
  exitOrderId: null,
  entryOrderId: null,
  brokerPositionId: `P${id}`,
  instrument: 'NAS100',
  botLabel: null,
  side: 'buy',
  type: 'market',
  quantity: '1',
  entryTime: Date.UTC(2026, 0, 5, 14, id),
  exitTime: Date.UTC(2026, 0, 5, 15, id),
  entryPrice: '100',
  exitPrice: '101',
  stopLoss: null,
  stopPrice: null,
  takeProfit: null,
  fee: null,
  swap: null,
  grossPnl: null,
  netPnl,
  notes: 'Said "wait" \u2028 then 🚀',
  accountLabel: 'Apex',
  accountIdentifier: 'L#1',
  tradingAccountId: null,
  tradeDate: '2026-01-05',
});

/** A reader of rows by id that records which ids it was asked for. */
function reader(netPnl = '10') {
  const asked: number[][] = [];
  const read = async (ids: number[]) => {
    asked.push(ids);
    return ids.map((id) => row(id, netPnl));
  };
  return { asked, read };
}

describe('KeptTrades', () => {
  it('keeps each trade as the serializer would encode it, and reads only the ones not kept', async () => {
    const kept = new KeptTrades();
    const member = { userId: 'a', tradeRevision: 1 };
    const { asked, read } = reader();
    const first = await kept.inOrder(member, [3, 2, 1], read);
    // The UTF-8 of that JSON (the notes hold characters of 3 and 4 bytes), each trade's in a
    // buffer of its own: a slice of Node's shared pool would keep its whole slab while kept.
    expect(first.map((trade) => trade.json)).toEqual([3, 2, 1].map((id) => Buffer.from(JSON.stringify(z.encode(Trade, logTrade(row(id)))), 'utf8')));
    for (const trade of first) expect(trade.json.buffer.byteLength).toBe(trade.json.byteLength);
    expect(first.map((trade) => trade.trade)).toEqual([3, 2, 1].map((id) => logTrade(row(id))));
    const second = await kept.inOrder(member, [4, 3, 2], read);
    expect(second.map((trade) => trade.trade.id)).toEqual(['4', '3', '2']);
    expect(second[1]).toBe(first[0]);
    expect(asked).toEqual([[3, 2, 1], [4]]);
  });

  it('answers only for the trade revision they were read at, never an older one', async () => {
    const kept = new KeptTrades();
    const { read } = reader('10');
    await kept.inOrder({ userId: 'a', tradeRevision: 1 }, [1], read);
    // The trade changed (revision 2): read again, never the kept row of revision 1.
    const changed = reader('-5');
    expect((await kept.inOrder({ userId: 'a', tradeRevision: 2 }, [1], changed.read))[0]!.trade.net_pnl).toBe('-5');
    expect(changed.asked).toEqual([[1]]);
    // A slow request still at revision 1 reads its own rows and does not put them back.
    const slow = reader('10');
    await kept.inOrder({ userId: 'a', tradeRevision: 1 }, [1], slow.read);
    expect(slow.asked).toEqual([[1]]);
    const again = reader('99');
    expect((await kept.inOrder({ userId: 'a', tradeRevision: 2 }, [1], again.read))[0]!.trade.net_pnl).toBe('-5');
    expect(again.asked).toEqual([]);
    // Another member never reads a's trades.
    const b = reader('7');
    expect((await kept.inOrder({ userId: 'b', tradeRevision: 2 }, [1], b.read))[0]!.trade.net_pnl).toBe('7');
  });

  it('stays within its bound: the trades used longest ago go first', async () => {
    const kept = new KeptTrades(3);
    const member = { userId: 'a', tradeRevision: 1 };
    const { asked, read } = reader();
    await kept.inOrder(member, [1, 2, 3], read);
    await kept.inOrder(member, [1], read); // 1 is now the most recent
    await kept.inOrder(member, [4], read); // 2 goes
    await kept.inOrder(member, [1, 3, 4], read);
    await kept.inOrder(member, [2], read);
    expect(asked).toEqual([[1, 2, 3], [4], [2]]);
    // A second member's trades push the first's out once the bound is reached.
    await kept.inOrder({ userId: 'b', tradeRevision: 1 }, [7, 8], read);
    await kept.inOrder(member, [1], read);
    expect(asked.at(-1)).toEqual([1]);
  });

  it('takes rows read by the caller, encoding only the ones not kept', async () => {
    const kept = new KeptTrades();
    const member = { userId: 'a', tradeRevision: 1 };
    const [one] = kept.fromRows(member, [row(1)]);
    const [again, two] = kept.fromRows(member, [row(1), row(2)]);
    expect(again).toBe(one);
    expect(two!.trade.id).toBe('2');
    const { asked, read } = reader();
    await kept.inOrder(member, [2, 1], read);
    expect(asked).toEqual([]);
  });

  it('refuses a row the contract refuses, as the response serializer does', () => {
    const refused = [
      { ...row(1), source: 'imported' },
      { ...row(2), quantity: 1 },
      { ...row(3), accountLabel: 7 },
    ] as unknown as TradeLogRow[];
    for (const bad of refused) {
      expect(z.safeEncode(Trade, logTrade(bad)).success).toBe(false);
      expect(() => keptTradeOf(bad)).toThrow(`Trade ${bad.id} does not match the contract`);
    }
  });

  it('checks a trade against a contract that encodes as it parses (no codec, transform or default in it)', () => {
    // keptTradeOf parses where the serializer encodes: the same check only while every part of
    // the trade contract reads alike both ways. A codec added to it must bring back z.safeEncode.
    const kinds = (schema: z.core.$ZodType): string[] => {
      const def = schema._zod.def as z.core.$ZodTypeDef & {
        shape?: Record<string, z.core.$ZodType>;
        innerType?: z.core.$ZodType;
        element?: z.core.$ZodType;
      };
      if (def.shape) return ['object', ...Object.values(def.shape).flatMap(kinds)];
      const inner = def.innerType ?? def.element;
      return [def.type, ...(inner ? kinds(inner) : [])];
    };
    expect(new Set(kinds(Trade))).toEqual(
      new Set(['object', 'string', 'nullable', 'enum', 'boolean', 'number']),
    );
  });
});
