import { Hero } from '@/components/hero';
import { MarketEventImports } from '@/features/staff-content/components/market-event-imports';

export function Component() {
  return (
    <>
      <Hero title="Market events" subtitle="The economic calendar members see: import a week and check the last imports." />
      <MarketEventImports />
    </>
  );
}
