import { Link, useParams, useSearchParams } from 'react-router';
import { StaffPermissions } from '@th/contracts/staff';
import { hasPermission, memberTimeZone } from '@th/domain';
import { Hero } from '@/components/hero';
import { paths } from '@/config/paths';
import { useProfile } from '@/features/auth/api/get-profile';
import { useChannels } from '@/features/community/api/get-channels';
import { ChannelView } from '@/features/community/components/channel-view';

/** /community/{channelSlug}: one channel's posts, live. */
export function Component() {
  const { channelSlug = '' } = useParams();
  const [search] = useSearchParams();
  const thread = /^\d{1,15}$/.test(search.get('thread') ?? '') ? Number(search.get('thread')) : null;
  const { data: profile } = useProfile();
  const channels = useChannels();
  const channel = channels.data?.data.find((c) => c.slug === channelSlug);
  return (
    <>
      <Hero title={channel ? `# ${channel.name}` : 'Community'} />
      <p>
        <Link to={paths.community}>← All channels</Link>
      </p>
      <ChannelView
        key={channelSlug}
        slug={channelSlug}
        zone={memberTimeZone(profile?.timezone)}
        staff={hasPermission(profile, StaffPermissions.community)}
        threadId={thread}
      />
    </>
  );
}
