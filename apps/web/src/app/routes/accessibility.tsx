import { AccessibilityContent } from '@/features/marketing/components/accessibility-content';

export function Component() {
  return <AccessibilityContent />;
}
