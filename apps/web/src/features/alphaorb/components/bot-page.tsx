import { useState } from 'react';
import { Link } from 'react-router';
import { botSlug } from '@th/domain';
import type { OverviewRange } from '@th/contracts';
import { Alert } from '@/components/alert';
import { Card } from '@/components/card';
import { Loading } from '@/components/loading';
import { describeStatus } from '@/lib/api-client';
import { useBot } from '../api/get-bot';
import { useBotMonitor } from '../api/get-bot-monitor';
import { useBotOverview } from '../api/get-bot-overview';
import { SAMPLE_MONITOR, SAMPLE_SUMMARY } from '../utils/sample-data';
import { PerformanceCards, RangeSelector } from './alphaorb-dashboard';
import { BotMonitor } from './bot-monitor';
import { BotTradesTable } from './bot-trades-table';
import styles from './alphaorb.module.css';
import { paths } from '@/config/paths';

/** The spec's words (tools §2.2), by status: the server's message is left out. */
function loadError(error: unknown): string {
  return describeStatus(error, (status) =>
    status === null ? 'Unable to load bot details.' : status === 404 ? 'Bot not found.' : `Request failed (${status})`,
  );
}

/**
 * Bot detail, performance and monitor (§2.2). The bot itself comes from GET
 * /api/alphaorb/bots/{id} (tools §7.1); the monitor polls its own call and the performance
 * follows the chosen range. A bot that cannot be loaded shows sample data with the error.
 */
export function BotPage({ botId }: { botId: string }) {
  const [range, setRange] = useState<OverviewRange>('week');
  const detail = useBot(botId);
  const monitor = useBotMonitor(botId);
  const performance = useBotOverview(botId, range);
  if (detail.isPending) return <Loading label="Loading bot…" />;
  const failed = detail.isError;
  const sample = SAMPLE_MONITOR.bot;
  const bot = detail.data?.bot;
  const header = bot
    ? { id: bot.id, label: bot.label, instrument: bot.instrument, start: bot.orb_start_local, minutes: bot.orb_minutes, account: bot.trading_account_label, testMode: bot.test_mode }
    : { id: sample.id, label: sample.label, instrument: sample.instrument, start: sample.orbStartLocal, minutes: sample.orbMinutes, account: sample.tradingAccountLabel, testMode: sample.testMode };
  const data = failed ? SAMPLE_MONITOR : (monitor.data ?? SAMPLE_MONITOR);
  const pollError = !failed && monitor.isError
    ? describeStatus(monitor.error, (status) => (status === null ? 'Unable to load bot monitor.' : `Unable to load monitor (${status})`))
    : null;
  const slug = botSlug({ id: header.id, label: header.label });
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div>
          <Link to={paths.alphaorb} className={styles.back}>
            ← AlphaORB dashboard
          </Link>
          <h1>{header.label}</h1>
          <p className={styles.muted}>
            {header.instrument} · {header.start} · {header.minutes} min · {header.account}
            {header.testMode && ' · Test mode'}
          </p>
        </div>
        {!failed && (
          <Link className="btn btn-secondary" to={paths.alphaorbBotSettings(slug)}>
            Bot settings
          </Link>
        )}
      </header>
      {failed && <Alert tone="error">{loadError(detail.error)}</Alert>}
      <RangeSelector value={range} onChange={setRange} />
      {!failed && performance.isError && <Alert tone="error">Unable to load bot performance.</Alert>}
      <PerformanceCards summary={failed ? SAMPLE_SUMMARY : (performance.data?.summary ?? { ...SAMPLE_SUMMARY, totalRevenue: 0, periodRevenue: 0, winRate: 0, wins: 0, totalPositions: 0 })} />
      <BotMonitor botId={botId} data={data} error={pollError} />
      <Card title="Trades">
        <BotTradesTable trades={failed ? [] : (performance.data?.trades ?? [])} />
      </Card>
    </div>
  );
}
