import { useState } from 'react';
import { CommunityChannelRequest, type CommunityChannel } from '@th/contracts/community';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { CheckboxField, Field, TextareaField } from '@/components/field';
import { describeError } from '@/lib/api-client';
import { showServerErrors, useContractForm } from '@/lib/form';
import { useOrderChannels } from '../api/order-channels';
import { useSaveChannel } from '../api/save-channel';
import styles from './community.module.css';

const EMPTY: CommunityChannelRequest = { name: '', slug: '', description: '', staff_only: false, read_only: false };

function ChannelForm({ channel, onDone }: { channel: CommunityChannel | null; onDone: () => void }) {
  const save = useSaveChannel();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useContractForm(
    CommunityChannelRequest,
    channel
      ? { name: channel.name, slug: channel.slug, description: channel.description, staff_only: channel.staff_only, read_only: channel.read_only }
      : EMPTY,
  );
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;
  const onSubmit = handleSubmit(async (body) => {
    setFailure(null);
    try {
      await save.mutateAsync({ channelId: channel?.id ?? null, body });
      if (!channel) form.reset(EMPTY);
      onDone();
    } catch (error) {
      showServerErrors(form, error);
      setFailure(describeError(error, 'The channel could not be saved.'));
    }
  });
  const prefix = channel ? `${channel.name}: ` : '';
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={channel ? `Edit ${channel.name}` : 'New channel'}>
      <Field label={`${prefix}Name`} {...register('name')} error={errors.name?.message} />
      <Field label={`${prefix}Slug`} hint="Lowercase letters, digits and hyphens: the channel's address." {...register('slug')} error={errors.slug?.message} />
      <TextareaField label={`${prefix}Description`} rows={2} {...register('description')} error={errors.description?.message} />
      <CheckboxField label={`${prefix}Staff only (hidden from members)`} {...register('staff_only')} />
      <CheckboxField label={`${prefix}Read-only (only staff post)`} {...register('read_only')} />
      {failure && <Alert tone="error">{failure}</Alert>}
      <div className={styles.actions}>
        <Button type="submit" busy={save.isPending} busyLabel="Saving…">
          {channel ? 'Save channel' : 'Create channel'}
        </Button>
        {channel && (
          <Button variant="ghost" onClick={onDone}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

/** Staff: create channels, edit them, and put them in order. */
export function ChannelManager({ channels }: { channels: CommunityChannel[] }) {
  const [editing, setEditing] = useState<string | null>(null);
  const order = useOrderChannels();
  const move = (index: number, by: -1 | 1) => {
    const ids = channels.map((c) => c.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id!);
    order.mutate(ids);
  };
  return (
    <Card title="Manage channels">
      {order.isError && <Alert tone="error">{describeError(order.error, 'The channels could not be reordered.')}</Alert>}
      <ul className={styles.channels} aria-label="Channel order">
        {channels.map((channel, index) => (
          <li key={channel.id} className={styles.channel}>
            <span className={styles.channelName}>{channel.name}</span>
            <span className={styles.actions}>
              <Button variant="ghost" aria-label={`Move ${channel.name} up`} disabled={index === 0 || order.isPending} onClick={() => move(index, -1)}>
                ↑
              </Button>
              <Button variant="ghost" aria-label={`Move ${channel.name} down`} disabled={index === channels.length - 1 || order.isPending} onClick={() => move(index, 1)}>
                ↓
              </Button>
              <Button variant="secondary" aria-expanded={editing === channel.id} onClick={() => setEditing(editing === channel.id ? null : channel.id)}>
                {`Edit ${channel.name}`}
              </Button>
            </span>
            {editing === channel.id && <ChannelForm channel={channel} onDone={() => setEditing(null)} />}
          </li>
        ))}
      </ul>
      <h3>New channel</h3>
      <ChannelForm channel={null} onDone={() => undefined} />
    </Card>
  );
}
