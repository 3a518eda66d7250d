import { useState } from 'react';
import { Link } from 'react-router';
import { botSlug } from '@th/domain';
import type { OverviewRange } from '@th/contracts';
import { Alert } from '@/components/alert';
import { Card } from '@/components/card';
import { Loading } from '@/components/loading';
import { ApiError } from '@/lib/api-client';
import { useBotMonitor } from '../api/get-bot-monitor';
import { useBotOverview } from '../api/get-bot-overview';
import { SAMPLE_MONITOR, SAMPLE_SUMMARY } from '../utils/sample-data';
import { PerformanceCards, RangeSelector } from './alphaorb-dashboard';
import { BotMonitor } from './bot-monitor';
import { BotTradesTable } from './bot-trades-table';
import './alphaorb.css';

function loadError(error: unknown): string {
  if (error instanceof ApiError) return error.status === 404 ? 'Bot not found.' : `Request failed (${error.status})`;
  return 'Unable to load bot details.';
}

/** Bot detail, performance and monitor (§2.2). */
export function BotPage({ botId }: { botId: string }) {
  const [range, setRange] = useState<OverviewRange>('week');
  const monitor = useBotMonitor(botId);
  const performance = useBotOverview(botId, range);
  if (monitor.isPending) return <Loading label="Loading bot…" />;
  const failed = monitor.isError && !monitor.data;
  const data = monitor.data ?? SAMPLE_MONITOR;
  const pollError = monitor.isError && monitor.data
    ? monitor.error instanceof ApiError ? `Unable to load monitor (${monitor.error.status})` : 'Unable to load bot monitor.'
    : null;
  const slug = botSlug({ id: data.bot.id, label: data.bot.label });
  return (
    <div className="orb-page">
      <header className="orb-header">
        <div>
          <Link to="/alphaorb" className="orb-back">
            ← AlphaORB dashboard
          </Link>
          <h1>{data.bot.label}</h1>
          <p className="orb-muted">
            {data.bot.instrument} · {data.bot.orbStartLocal} · {data.bot.orbMinutes} min · {data.bot.tradingAccountLabel}
            {data.bot.testMode && ' · Test mode'}
          </p>
        </div>
        {!failed && (
          <Link className="btn btn-secondary" to={`/alphaorb/bots/${slug}/settings`}>
            Bot settings
          </Link>
        )}
      </header>
      {failed && <Alert tone="error">{loadError(monitor.error)}</Alert>}
      <RangeSelector value={range} onChange={setRange} />
      {performance.isError && <Alert tone="error">Unable to load bot performance.</Alert>}
      <PerformanceCards summary={performance.data?.summary ?? (failed ? SAMPLE_SUMMARY : { ...SAMPLE_SUMMARY, totalRevenue: 0, periodRevenue: 0, winRate: 0, wins: 0, totalPositions: 0 })} />
      <BotMonitor botId={botId} data={data} error={pollError} />
      <Card title="Trades">
        <BotTradesTable trades={performance.data?.trades ?? []} />
      </Card>
    </div>
  );
}
