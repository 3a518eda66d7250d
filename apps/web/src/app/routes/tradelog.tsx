import { TradeLogPage } from '@/features/journal/components/trade-log-page';

export function Component() {
  return <TradeLogPage />;
}
