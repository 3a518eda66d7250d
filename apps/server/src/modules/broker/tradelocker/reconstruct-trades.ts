/**
 * Round-trip trades for the journal, rebuilt from order history: filled orders grouped by
 * positionId; the first fill's side is the trade's side, fills on that side open it and fills
 * on the other side close it. All sums are exact decimals.
 */
import {
  centsText,
  divideBrokerDecimals,
  formatBrokerDecimal,
  formatBrokerDecimalTrimmed,
  multiplyBrokerDecimals,
  parseBrokerDecimal,
  toCents,
  type BrokerDecimal,
} from '@th/domain';
import type { BrokerOrder } from './types.ts';

export interface ReconstructedTrade {
  positionId: string;
  instrumentId: string | null;
  side: 'buy' | 'sell';
  qty: string;
  entryTime: number;
  entryPrice: string;
  exitTime: number;
  exitPrice: string;
  grossPnl: string;
  fee: string;
  swap: string;
  netPnl: string;
  entryOrderId: string;
  exitOrderId: string;
  /** The entry order's type: market, limit or stop. */
  type: string | null;
  stopLoss: string | null;
  takeProfit: string | null;
}

export interface ReconstructOptions {
  /** Units per lot by tradableInstrumentId, for brokers that send no realizedPnl column. */
  contractSizeOf?: (tradableInstrumentId: string) => number | undefined;
}

const at = (o: BrokerOrder) => o.lastModified ?? o.createdDate ?? 0;
const filledQty = (o: BrokerOrder) => parseBrokerDecimal(o.filledQty) || parseBrokerDecimal(o.qty) || 0n;
const sum = (values: Array<BrokerDecimal | null>) => values.reduce<BrokerDecimal>((acc, v) => acc + (v ?? 0n), 0n);

/** Only fully closed positions become trades; open or partly closed ones are left out. */
export function reconstructTrades(
  history: BrokerOrder[],
  options: ReconstructOptions = {},
): ReconstructedTrade[] {
  const byPosition = new Map<string, BrokerOrder[]>();
  for (const order of history) {
    if (order.status?.toLowerCase() !== 'filled' || !order.positionId) continue;
    if (order.side !== 'buy' && order.side !== 'sell') continue;
    const fills = byPosition.get(order.positionId) ?? [];
    fills.push(order);
    byPosition.set(order.positionId, fills);
  }

  const trades: ReconstructedTrade[] = [];
  for (const [positionId, fills] of byPosition) {
    fills.sort((a, b) => at(a) - at(b) || (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
    const first = fills[0]!;
    const side = first.side as 'buy' | 'sell';
    const opening = fills.filter((f) => f.side === side);
    const closing = fills.filter((f) => f.side !== side);
    const openQty = sum(opening.map(filledQty));
    const closeQty = sum(closing.map(filledQty));
    if (closing.length === 0 || openQty === 0n || closeQty < openQty) continue;

    const value = (orders: BrokerOrder[]) =>
      sum(orders.map((o) => multiplyBrokerDecimals(parseBrokerDecimal(o.avgPrice) ?? 0n, filledQty(o))));
    const entryValue = value(opening);
    const exitValue = value(closing);
    const direction = side === 'buy' ? 1n : -1n;

    const reported = closing.every((o) => o.realizedPnl !== null);
    const contractSize = parseBrokerDecimal(
      String(options.contractSizeOf?.(first.tradableInstrumentId ?? '') ?? 1),
    )!;
    const gross = reported
      ? sum(closing.map((o) => parseBrokerDecimal(o.realizedPnl)))
      : multiplyBrokerDecimals((exitValue - entryValue) * direction, contractSize);
    const fee = sum(fills.map((o) => parseBrokerDecimal(o.fee)));
    const swap = sum(fills.map((o) => parseBrokerDecimal(o.swap)));
    const last = closing[closing.length - 1]!;
    const grossPnl = formatBrokerDecimal(gross);
    const feeText = formatBrokerDecimal(fee);
    const swapText = formatBrokerDecimal(swap);

    trades.push({
      positionId,
      instrumentId: first.tradableInstrumentId,
      side,
      qty: formatBrokerDecimalTrimmed(openQty),
      entryTime: at(first),
      entryPrice: formatBrokerDecimalTrimmed(divideBrokerDecimals(entryValue, openQty)),
      exitTime: at(last),
      exitPrice: formatBrokerDecimalTrimmed(divideBrokerDecimals(exitValue, closeQty)),
      grossPnl,
      fee: feeText,
      swap: swapText,
      // The net of the parts as shown, so gross − fee + swap on the trade always adds up.
      netPnl: centsText(toCents(grossPnl)! - toCents(feeText)! + toCents(swapText)!),
      entryOrderId: first.id,
      exitOrderId: last.id,
      type: first.type,
      stopLoss: first.stopLoss,
      takeProfit: first.takeProfit,
    });
  }
  return trades.sort((a, b) => a.entryTime - b.entryTime);
}
