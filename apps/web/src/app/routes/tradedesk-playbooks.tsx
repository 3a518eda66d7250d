import { PlaybooksPage } from '@/features/playbooks/components/playbooks-page';

export function Component() {
  return <PlaybooksPage />;
}
