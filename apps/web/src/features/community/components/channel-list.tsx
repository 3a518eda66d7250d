import { Link } from 'react-router';
import type { CommunityChannel } from '@th/contracts/community';
import { Badge } from '@/components/badge';
import styles from './community.module.css';

type Props = { channels: CommunityChannel[]; linkTo: (slug: string) => string };

/** The channels in staff's order, each with its description and unread count. */
export function ChannelList({ channels, linkTo }: Props) {
  if (channels.length === 0) return <p className="muted">No channels yet.</p>;
  return (
    <ul className={styles.channels} aria-label="Channels">
      {channels.map((channel) => (
        <li key={channel.id} className={styles.channel}>
          <Link className={styles.channelName} to={linkTo(channel.slug)}>
            # {channel.name}
          </Link>
          <span className={styles.channelMeta}>
            {channel.staff_only && <Badge tone="orange">Staff only</Badge>}
            {channel.read_only && <Badge tone="gray">Read-only</Badge>}
            {channel.unread_count > 0 && <Badge tone="blue">{`${channel.unread_count} unread`}</Badge>}
          </span>
          {channel.description && <p className={styles.description}>{channel.description}</p>}
        </li>
      ))}
    </ul>
  );
}
