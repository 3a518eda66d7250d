import { ALPHAORB_PERMISSION } from '@th/contracts/alphaorb';
import { hasPermission } from '@th/domain';
import { Loading } from '@/components/loading';
import { AlphaorbDashboard } from '@/features/alphaorb/components/alphaorb-dashboard';
import { useProfile } from '@/features/auth/api/get-profile';

export function Component() {
  const profile = useProfile();
  if (profile.isPending) return <Loading label="Loading AlphaORB…" />;
  return <AlphaorbDashboard allowed={hasPermission(profile.data, ALPHAORB_PERMISSION)} />;
}
