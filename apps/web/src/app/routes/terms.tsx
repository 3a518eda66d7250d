import { TermsContent } from '@/features/marketing/components/terms-content';

export function Component() {
  return <TermsContent />;
}
