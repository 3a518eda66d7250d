import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { ALPHAORB_PERMISSION } from '@th/contracts/alphaorb';
import { hasPermission } from '@th/domain';
import { Loading } from '@/components/loading';
import { useProfile } from '@/features/auth/api/get-profile';
import { BacktestPanel } from '@/features/backtests/components/backtest-panel';
import { BacktestSettingsForm, DEFAULT_BACKTEST_SETTINGS } from '@/features/backtests/components/backtest-settings-form';
import { paths } from '@/config/paths';

/** A backtest with its own settings form, before any bot exists. */
export function Component() {
  const profile = useProfile();
  const [value, setValue] = useState(DEFAULT_BACKTEST_SETTINGS);
  if (profile.isPending) return <Loading label="Loading…" />;
  if (!hasPermission(profile.data, ALPHAORB_PERMISSION)) return <Navigate to={paths.alphaorb} replace />;
  return (
    <div className="backtest-page">
      <Link to={paths.alphaorb}>← Dashboard</Link>
      <h1>Backtest</h1>
      <BacktestSettingsForm value={value} onChange={setValue} />
      <BacktestPanel settings={value.settings} instrument={value.instrument} />
    </div>
  );
}
