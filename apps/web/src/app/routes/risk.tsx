import { RiskManagerTeaser } from '@/features/risk/components/risk-manager-teaser';

export function Component() {
  return <RiskManagerTeaser />;
}
