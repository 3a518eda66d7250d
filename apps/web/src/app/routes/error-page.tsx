import { useParams } from 'react-router';
import { ErrorContent } from '@/features/marketing/components/error-content';

export function Component() {
  const { code } = useParams();
  return <ErrorContent code={Number(code)} />;
}
