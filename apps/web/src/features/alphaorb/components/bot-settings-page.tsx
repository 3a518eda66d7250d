import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { botSlug } from '@th/domain';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { Loading } from '@/components/loading';
import { describeError } from '@/lib/api-client';
import { useDeleteBot } from '../api/delete-bot';
import { useBot } from '../api/get-bot';
import { useUpdateBot } from '../api/update-bot';
import { AdvancedSettingsCard } from './advanced-settings-card';
import { BotForm, DEFAULT_VALUES, type BotFormValues } from './bot-form';
import { ConfirmDialog } from '@/components/confirm-dialog';
import styles from './alphaorb.module.css';
import { paths } from '@/config/paths';

function loadError(error: unknown): string {
  return describeError(error, (status) => (status === null ? 'Unable to load bot settings.' : `Unable to load bot settings (${status})`));
}

type Props = {
  botId: string;
  slug: string;
  /** The form's values, from the first render and after every change. */
  onFormChange?: (values: BotFormValues) => void;
  /** Shown below the form, above the Danger Zone (the route puts the Backtest panel there). */
  children?: ReactNode;
};

/** Bot settings (§2.4): the same form, the note, the Danger Zone. */
export function BotSettingsPage({ botId, slug, onFormChange, children }: Props) {
  const navigate = useNavigate();
  const bot = useBot(botId);
  const update = useUpdateBot(botId);
  const remove = useDeleteBot(botId);
  const [saved, setSaved] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const detail = bot.data?.bot;
  const canonical = detail ? botSlug(detail) : slug;

  // Rewrite the address to the canonical slug once the bot is known (§2).
  useEffect(() => {
    if (detail && slug !== canonical) navigate(paths.alphaorbBotSettings(canonical), { replace: true });
  }, [detail, slug, canonical, navigate]);

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => setSaved(null), 3000);
    return () => clearTimeout(timer);
  }, [saved]);

  if (bot.isPending) return <Loading label="Loading bot settings…" />;
  const initial: BotFormValues = detail
    ? {
        label: detail.label ?? detail.name,
        trading_account_id: detail.trading_account_id,
        instrument_id: detail.instrument_id,
        orb_minutes: detail.orb_minutes ?? detail.timeframe_minutes,
        orb_start_local: detail.orb_start_local ?? detail.start_time,
        run_days: detail.run_days.length ? detail.run_days : [...DEFAULT_VALUES.run_days],
        lot_size: String(detail.lot_size),
        order_type: detail.order_type,
        max_spread: detail.max_spread,
        risk_max_daily_trades: detail.risk_max_daily_trades,
        risk_max_daily_loss: detail.risk_max_daily_loss,
        test_mode: detail.test_mode,
      }
    : { ...DEFAULT_VALUES, label: 'Sample NAS100 bot' };
  const deleteError = remove.error
    ? describeError(remove.error, (status) => (status === null ? 'Unable to delete bot.' : `Unable to delete bot (${status})`))
    : null;
  const back = paths.alphaorbBot(canonical);
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div>
          <Link to={back} className={styles.back}>
            ← Back to Bot
          </Link>
          <h1>{detail ? `${detail.label} settings` : 'Bot settings'}</h1>
        </div>
      </header>
      {bot.isError && <Alert tone="error">{loadError(bot.error)}</Alert>}
      {saved && <Alert tone="success">{saved}</Alert>}
      <Alert tone="info">Active bot runs may continue with the previously armed settings. Updates appear once the next idle run is created.</Alert>
      <div className={styles.formLayout}>
        <BotForm
          key={detail?.id ?? 'sample'}
          mode="settings"
          initial={initial}
          accounts={bot.data?.accounts ?? []}
          submitLabel="Save settings"
          busyLabel="Saving…"
          busy={update.isPending}
          serverError={update.error}
          failureText={(status) => (status === null ? 'Unable to save settings.' : `Unable to update bot (${status})`)}
          onCancel={() => navigate(back)}
          onSubmit={(body) => update.mutateAsync(body).then((answer) => setSaved(answer.message || 'Settings saved.'))}
          onChange={onFormChange}
        />
        <AdvancedSettingsCard />
      </div>
      <div className="form-actions">
        <Link className="btn btn-secondary" to={back}>
          Back to Bot
        </Link>
      </div>
      {children}
      {detail && (
        <Card title="Danger Zone" className={styles.danger}>
          <p>Removing a bot cannot be undone. Every run must be hard stopped with no open trades.</p>
          {deleteError && (
            <p className="field-error" role="alert">
              {deleteError}
            </p>
          )}
          <Button variant="danger" onClick={() => setConfirming(true)} busy={remove.isPending} busyLabel="Deleting…">
            Delete bot
          </Button>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title="Delete bot"
            description="Delete this bot? This action cannot be undone."
            confirmLabel="Delete bot"
            busyLabel="Deleting…"
            busy={remove.isPending}
            tone="danger"
            onConfirm={() =>
              remove.mutate(undefined, {
                onSuccess: () => navigate(paths.alphaorb),
                onSettled: () => setConfirming(false),
              })
            }
          />
        </Card>
      )}
    </div>
  );
}
