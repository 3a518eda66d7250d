import { useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { ALPHAORB_PERMISSION } from '@th/contracts/alphaorb';
import { hasPermission, parseBotSlug } from '@th/domain';
import { Alert } from '@/components/alert';
import { Loading } from '@/components/loading';
import type { BotFormValues } from '@/features/alphaorb/components/bot-form';
import { BotSettingsPage } from '@/features/alphaorb/components/bot-settings-page';
import { useBotBacktestInput } from '@/features/alphaorb/utils/backtest-input';
import { useProfile } from '@/features/auth/api/get-profile';
import { BacktestPanel } from '@/features/backtests/components/backtest-panel';
import { paths } from '@/config/paths';

/** Backtests the settings on the form as they are now: the saved ones until the member edits. */
function FormBacktest({ values }: { values: BotFormValues }) {
  const input = useBotBacktestInput(values);
  return <BacktestPanel settings={input.settings} instrument={input.instrument} />;
}

export function Component() {
  const { botSlug = '' } = useParams();
  const profile = useProfile();
  const [values, setValues] = useState<BotFormValues | null>(null);
  if (profile.isPending) return <Loading label="Loading bot settings…" />;
  // The access check on the profile (§6): without alphaorb.manage, back to the dashboard.
  if (!hasPermission(profile.data, ALPHAORB_PERMISSION)) return <Navigate to={paths.alphaorb} replace />;
  const id = parseBotSlug(botSlug);
  if (!id) return <Alert tone="error">Missing bot identifier.</Alert>;
  return (
    <BotSettingsPage botId={id} slug={botSlug} onFormChange={setValues}>
      {values && <FormBacktest values={values} />}
    </BotSettingsPage>
  );
}
