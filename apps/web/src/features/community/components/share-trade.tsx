import { useState } from 'react';
import { Link } from 'react-router';
import { ShareTradeRequest } from '@th/contracts/community';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { CheckboxField, SelectField } from '@/components/field';
import { describeError } from '@/lib/api-client';
import { showServerErrors, useContractForm } from '@/lib/form';
import { useChannels } from '../api/get-channels';
import { useShareTrade } from '../api/share-trade';
import styles from './community.module.css';

type Props = {
  /** The trade's public id (as the journal names it). */
  tradeId: string;
  instrument: string;
  linkTo: (slug: string) => string;
};

/**
 * "Share to community" on a trade: the member chooses the channel, whether the P&L shows as
 * money or only as R, and whether their journal note goes with it.
 */
export function ShareTrade({ tradeId, instrument, linkTo }: Props) {
  const [open, setOpen] = useState(false);
  const [shared, setShared] = useState<{ slug: string; name: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const channels = useChannels();
  const share = useShareTrade();
  const postable = (channels.data?.data ?? []).filter((c) => c.can_post);
  const form = useContractForm(ShareTradeRequest, { channel_slug: '', trade_id: tradeId, pnl_as: 'money' as 'money' | 'r', include_note: false });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;

  const onSubmit = handleSubmit(async (body) => {
    setFailure(null);
    try {
      await share.mutateAsync(body);
      setShared({ slug: body.channel_slug, name: postable.find((c) => c.slug === body.channel_slug)?.name ?? body.channel_slug });
      setOpen(false);
    } catch (error) {
      showServerErrors(form, error);
      setFailure(describeError(error, 'The trade could not be shared. Try again.'));
    }
  });

  return (
    <div>
      {shared && (
        <Alert tone="success">
          Shared to <Link to={linkTo(shared.slug)}>#{shared.name}</Link>.
        </Alert>
      )}
      {!open ? (
        <Button variant="secondary" onClick={() => { setShared(null); setOpen(true); }}>
          Share to community
        </Button>
      ) : (
        <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={`Share ${instrument} trade to community`}>
          {channels.isError && <Alert tone="error">{describeError(channels.error, 'Failed to load channels.')}</Alert>}
          <SelectField label="Channel" {...register('channel_slug')} error={errors.channel_slug?.message}>
            <option value="">Choose a channel</option>
            {postable.map((channel) => (
              <option key={channel.id} value={channel.slug}>
                {channel.name}
              </option>
            ))}
          </SelectField>
          <fieldset className={styles.choices}>
            <legend>Show the P&amp;L</legend>
            <label className={styles.choice}>
              <input type="radio" value="money" {...register('pnl_as')} /> As money
            </label>
            <label className={styles.choice}>
              <input type="radio" value="r" {...register('pnl_as')} /> Only as R
            </label>
          </fieldset>
          {errors.pnl_as?.message && <p className={styles.error}>{errors.pnl_as.message}</p>}
          <CheckboxField label="Include my journal note" {...register('include_note')} />
          {failure && <Alert tone="error">{failure}</Alert>}
          <div className={styles.actions}>
            <Button type="submit" busy={share.isPending} busyLabel="Sharing…">
              Share
            </Button>
            <Button variant="ghost" onClick={() => setOpen(false)}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
