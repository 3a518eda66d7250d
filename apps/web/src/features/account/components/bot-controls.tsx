import { useState } from 'react';
import { hasPermission } from '@th/domain';
import type { OwnerBot, Profile } from '@th/contracts';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { describeError } from '@/lib/api-client';
import { useOwnerBots } from '../api/get-owner-bots';
import { useStopOwnerBot, type StopAction } from '../api/stop-owner-bot';
import styles from './account.module.css';

export const HARD_STOP_CONFIRMATION = 'Hard stop tries to close the active trade and halts monitoring. Continue?';

/**
 * A member who was suspended or lost AlphaORB cannot open it, but their bots may still hold a
 * trade: here they can pause a bot (no new runs) or hard-stop it (its trade is closed).
 */
export function BotControls({ profile }: { profile: Profile }) {
  const barred = profile.status.toLowerCase() === 'suspended' || !hasPermission(profile, 'alphaorb.manage');
  const bots = useOwnerBots(barred);
  const stop = useStopOwnerBot();
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  // The bot whose hard stop waits for the member's confirmation.
  const [confirming, setConfirming] = useState<OwnerBot | null>(null);
  if (!barred || !bots.data || bots.data.bots.length === 0) return null;

  const run = (bot: OwnerBot, action: StopAction) => {
    setConfirming(null);
    setMessage(null);
    stop.mutate(
      { id: bot.id, action },
      {
        onSuccess: (answer) => setMessage({ tone: 'success', text: answer.message ?? `${bot.label}: done.` }),
        onError: (error) => setMessage({ tone: 'error', text: describeError(error, `Unable to ${action === 'pause' ? 'pause' : 'stop'} ${bot.label}.`) }),
      },
    );
  };
  const busy = (bot: OwnerBot, action: StopAction) => stop.isPending && stop.variables?.id === bot.id && stop.variables.action === action;

  return (
    <Card title="AlphaORB bots" aria-label="AlphaORB bots">
      <p className="muted">AlphaORB is not available on your account right now. You can still pause your bots or close a bot's open trade.</p>
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
      <ul className={styles.botList}>
        {bots.data.bots.map((bot) => (
          <li key={bot.id} aria-label={bot.label}>
            <span>
              <strong>{bot.label}</strong> · {bot.instrument} · {bot.enabled ? 'Enabled' : 'Paused'}
            </span>
            <span className={styles.botActions}>
              <Button variant="secondary" disabled={!bot.can_pause} busy={busy(bot, 'pause')} busyLabel="Pausing…" onClick={() => run(bot, 'pause')}>
                Pause bot
              </Button>
              <Button variant="danger" disabled={!bot.can_hard_stop} busy={busy(bot, 'hard-stop')} busyLabel="Stopping…" onClick={() => setConfirming(bot)}>
                Hard stop
              </Button>
            </span>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={`Hard stop ${confirming?.label ?? 'bot'}`}
        description={HARD_STOP_CONFIRMATION}
        confirmLabel="Hard stop"
        busyLabel="Stopping…"
        busy={false}
        onConfirm={() => confirming && run(confirming, 'hard-stop')}
      />
    </Card>
  );
}
