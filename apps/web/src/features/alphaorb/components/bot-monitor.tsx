import { useEffect, useState } from 'react';
import type { MonitorResponse } from '@th/contracts';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { Alert } from '@/components/alert';
import { describeError } from '@/lib/api-client';
import { useHardStopBot } from '../api/hard-stop-bot';
import { usePauseBot } from '../api/pause-bot';
import { useResumeBot } from '../api/resume-bot';
import { formatPnl, formatPriceText } from '../utils/format';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PriceChart } from './price-chart';
import { RunView } from './run-view';
import styles from './alphaorb.module.css';
import { pillClass, toneClass } from './tone';

type View = 'current' | 'upcoming';
type Pending = 'pause' | 'resume' | 'hard-stop' | null;

const CONFIRM = {
  pause: {
    title: 'Pause this bot?',
    text: 'Pausing only affects upcoming runs: a run that is already active continues until it finishes.',
    label: 'Pause Bot',
    busy: 'Pausing…',
  },
  resume: {
    title: 'Resume this bot?',
    text: 'Resuming while the bot is idle clears the idle run; a new run is created with the current settings.',
    label: 'Resume Bot',
    busy: 'Resuming…',
  },
  'hard-stop': {
    title: 'Hard stop this bot?',
    text: 'Hard stop tries to close the active trade and halts monitoring for this run.',
    label: 'Hard Stop',
    busy: 'Stopping…',
  },
} as const;

export function BotMonitor({
  botId,
  data,
  error,
}: {
  botId: string;
  data: MonitorResponse;
  error: string | null;
}) {
  const { bot, monitor } = data;
  const [view, setView] = useState<View>(monitor.runs.current ? 'current' : 'upcoming');
  const [pending, setPending] = useState<Pending>(null);
  const [message, setMessage] = useState<string | null>(null);
  const pause = usePauseBot(botId);
  const resume = useResumeBot(botId);
  const hardStop = useHardStopBot(botId);

  // Switch automatically when the shown run disappears (§2.2).
  const { current, upcoming } = monitor.runs;
  useEffect(() => {
    if (view === 'current' && !current && upcoming) setView('upcoming');
    if (view === 'upcoming' && !upcoming && current) setView('current');
  }, [view, current, upcoming]);

  const mutation = pending === 'pause' ? pause : pending === 'resume' ? resume : hardStop;
  const actionError = mutation.error
    ? describeError(
        mutation.error,
        pending === 'hard-stop' ? 'Unable to hard stop bot.' : 'Unable to process request.',
      )
    : null;

  async function confirm() {
    const run =
      pending === 'pause'
        ? pause.mutateAsync()
        : pending === 'resume'
          ? resume.mutateAsync()
          : hardStop.mutateAsync(monitor.runs.current?.id);
    const answer = await run.catch(() => null);
    if (answer) {
      setMessage(answer.message);
      setPending(null);
    }
  }

  const run = view === 'current' ? monitor.runs.current : monitor.runs.upcoming;
  const p = monitor.permissions;
  return (
    <Card
      title="Monitor"
      actions={
        <span className={styles.flags}>
          <span className={pillClass()} aria-label={`Status ${bot.status}`}>
            {bot.status}
          </span>
          <Badge tone={bot.enabled ? 'green' : 'orange'}>
            {bot.enabled ? 'Enabled' : 'Paused'}
          </Badge>
          <Badge tone={bot.armed ? 'blue' : 'gray'}>{bot.armed ? 'Armed' : 'Idle'}</Badge>
        </span>
      }
    >
      {error && <Alert tone="error">{error}</Alert>}
      {message && (
        <Alert tone="success" onDismiss={() => setMessage(null)}>
          {message}
        </Alert>
      )}
      <div className={styles.toggle} role="group" aria-label="Run shown">
        <button
          type="button"
          aria-pressed={view === 'current'}
          disabled={!monitor.runs.current}
          onClick={() => setView('current')}
        >
          Current Run
        </button>
        <button
          type="button"
          aria-pressed={view === 'upcoming'}
          disabled={!monitor.runs.upcoming}
          onClick={() => setView('upcoming')}
        >
          Upcoming Run
        </button>
      </div>
      {!monitor.runs.current && !monitor.runs.upcoming ? (
        <p className={styles.muted}>Allow wait up to one minute for the bot to initialize.</p>
      ) : (
        run && <RunView run={run} />
      )}
      {monitor.countdown && (
        <p>
          {monitor.countdown.label}: <strong>{monitor.countdown.formatted}</strong>
        </p>
      )}
      {monitor.rangeCountdown && (
        <p>
          {monitor.rangeCountdown.label}: <strong>{monitor.rangeCountdown.formatted}</strong>
        </p>
      )}
      {monitor.monitoringMessage && <p>{monitor.monitoringMessage}</p>}
      {monitor.orderStatus && (
        <p>
          Order:{' '}
          <span className={pillClass(monitor.orderStatus.tone)}>
            {monitor.orderStatus.text}
          </span>
          {monitor.orderStatus.brokerOrderId && (
            <span className={styles.muted}> #{monitor.orderStatus.brokerOrderId}</span>
          )}
        </p>
      )}
      {monitor.quote && (
        <p className={monitor.quoteStale ? styles.stale : undefined}>
          Bid {formatPriceText(monitor.quote.bid)} · Ask {formatPriceText(monitor.quote.ask)} ·{' '}
          {monitor.quote.updatedRelative}
          {monitor.quoteStale && ' (stale)'}
        </p>
      )}
      {monitor.activePosition && (
        <p>
          Open {monitor.activePosition.side} {monitor.activePosition.quantity} @{' '}
          {formatPriceText(monitor.activePosition.averagePrice)} since{' '}
          {monitor.activePosition.openDisplay} ·{' '}
          <span className={toneClass(monitor.activePosition.tones.pnl)}>
            {formatPnl(monitor.activePosition.unrealizedPnl)}
          </span>
        </p>
      )}
      {monitor.closedTrade && (
        <p>
          {monitor.closedTrade.side} {monitor.closedTrade.filledQty} @{' '}
          {formatPriceText(monitor.closedTrade.averagePrice)} ·{' '}
          <span className={pillClass(monitor.closedTrade.statusTone)}>
            {monitor.closedTrade.statusLabel}
          </span>{' '}
          {monitor.closedTrade.openedDisplay}–{monitor.closedTrade.closedDisplay} ·{' '}
          {formatPnl(monitor.closedTrade.realizedPnl)}
        </p>
      )}
      <PriceChart bars={monitor.chart.bars} metrics={monitor.runs.current?.metrics ?? null} timezone={bot.timezone} />
      <div className={styles.controls}>
        {p.canHardStop && (
          <Button variant="danger" onClick={() => setPending('hard-stop')}>
            Hard Stop
          </Button>
        )}
        {p.canPauseBot && (
          <Button variant="secondary" onClick={() => setPending('pause')}>
            Pause Bot
          </Button>
        )}
        {p.canResumeBot && <Button onClick={() => setPending('resume')}>Resume Bot</Button>}
      </div>
      {monitor.events.length > 0 && (
        <ol className={styles.events} aria-label="Run events" tabIndex={0}>
          {monitor.events.map((e) => (
            <li key={e.id} className={toneClass(e.tone)}>
              <time>{e.timeDisplay}</time> {e.message}
            </li>
          ))}
        </ol>
      )}
      {pending && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setPending(null)}
          title={CONFIRM[pending].title}
          description={CONFIRM[pending].text}
          error={actionError}
          confirmLabel={CONFIRM[pending].label}
          busyLabel={CONFIRM[pending].busy}
          busy={mutation.isPending}
          tone={pending === 'hard-stop' ? 'danger' : 'primary'}
          onConfirm={() => void confirm()}
        />
      )}
    </Card>
  );
}
