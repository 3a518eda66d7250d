import { TradeDeskPage } from '@/features/journal/components/tradedesk-page';

export function Component() {
  return <TradeDeskPage />;
}
