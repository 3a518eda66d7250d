import { PrivacyContent } from '@/features/marketing/components/privacy-content';

export function Component() {
  return <PrivacyContent />;
}
