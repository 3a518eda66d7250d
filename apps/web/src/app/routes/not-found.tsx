import { ErrorContent } from '@/features/marketing/components/error-content';

export function Component() {
  return <ErrorContent code={404} />;
}
