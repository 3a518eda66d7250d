import { Navigate, useParams } from 'react-router';
import { ALPHAORB_PERMISSION } from '@th/contracts/alphaorb';
import { hasPermission, parseBotSlug } from '@th/domain';
import { Alert } from '@/components/alert';
import { Loading } from '@/components/loading';
import { BotPage } from '@/features/alphaorb/components/bot-page';
import { useProfile } from '@/features/auth/api/get-profile';
import { paths } from '@/config/paths';

export function Component() {
  const { botSlug = '' } = useParams();
  const profile = useProfile();
  if (profile.isPending) return <Loading label="Loading bot…" />;
  if (!hasPermission(profile.data, ALPHAORB_PERMISSION)) return <Navigate to={paths.alphaorb} replace />;
  const id = parseBotSlug(botSlug);
  if (!id) return <Alert tone="error">Missing bot identifier.</Alert>;
  return <BotPage botId={id} />;
}
