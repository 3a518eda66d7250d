import { Navigate } from 'react-router';
import { ALPHAORB_PERMISSION } from '@th/contracts/alphaorb';
import { hasPermission } from '@th/domain';
import { Loading } from '@/components/loading';
import { CreateBotPage } from '@/features/alphaorb/components/create-bot-page';
import { useProfile } from '@/features/auth/api/get-profile';

export function Component() {
  const profile = useProfile();
  if (profile.isPending) return <Loading label="Loading form…" />;
  if (!hasPermission(profile.data, ALPHAORB_PERMISSION)) return <Navigate to="/alphaorb" replace />;
  return <CreateBotPage />;
}
