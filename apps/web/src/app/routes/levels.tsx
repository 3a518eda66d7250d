import { LevelsPage } from '@/features/levels/components/levels-page';

export function Component() {
  return <LevelsPage />;
}
