import { StaffPermissions } from '@th/contracts/staff';
import { hasPermission, memberTimeZone } from '@th/domain';
import { Alert } from '@/components/alert';
import { Card } from '@/components/card';
import { Hero } from '@/components/hero';
import { Loading } from '@/components/loading';
import { paths } from '@/config/paths';
import { useProfile } from '@/features/auth/api/get-profile';
import { useChannels } from '@/features/community/api/get-channels';
import { ChannelList } from '@/features/community/components/channel-list';
import { ChannelManager } from '@/features/community/components/channel-manager';
import { CommunitySearch } from '@/features/community/components/community-search';
import { describeError } from '@/lib/api-client';

/** /community: the channels in staff's order with unread counts; staff manage them here too. */
export function Component() {
  const { data: profile } = useProfile();
  const channels = useChannels();
  const staff = hasPermission(profile, StaffPermissions.community);
  return (
    <>
      <Hero title="Community" subtitle="Talk trading, share a trade from your journal and get a mentor's eye on it." />
      <Card title="Channels">
        {channels.isPending ? (
          <Loading label="Loading channels…" />
        ) : channels.isError ? (
          <Alert tone="error">{describeError(channels.error, (status) => `Failed to load channels (${status ?? 'no answer'}).`)}</Alert>
        ) : (
          <ChannelList channels={channels.data.data} linkTo={paths.communityChannel} />
        )}
      </Card>
      <Card title="Search">
        <CommunitySearch zone={memberTimeZone(profile?.timezone)} threadLink={paths.communityThread} />
      </Card>
      {staff && channels.data && <ChannelManager channels={channels.data.data} />}
    </>
  );
}
