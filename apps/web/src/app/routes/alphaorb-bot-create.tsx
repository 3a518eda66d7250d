import { useState } from 'react';
import { Navigate } from 'react-router';
import { ALPHAORB_PERMISSION } from '@th/contracts/alphaorb';
import { hasPermission } from '@th/domain';
import { Loading } from '@/components/loading';
import type { BotFormValues } from '@/features/alphaorb/components/bot-form';
import { CreateBotPage } from '@/features/alphaorb/components/create-bot-page';
import { useBotBacktestInput } from '@/features/alphaorb/utils/backtest-input';
import { useProfile } from '@/features/auth/api/get-profile';
import { BacktestPanel } from '@/features/backtests/components/backtest-panel';
import { paths } from '@/config/paths';

/** Backtests the settings on the form as they are now, before the bot exists. */
function FormBacktest({ values }: { values: BotFormValues }) {
  const input = useBotBacktestInput(values);
  return <BacktestPanel settings={input.settings} instrument={input.instrument} />;
}

export function Component() {
  const profile = useProfile();
  const [values, setValues] = useState<BotFormValues | null>(null);
  if (profile.isPending) return <Loading label="Loading form…" />;
  if (!hasPermission(profile.data, ALPHAORB_PERMISSION)) return <Navigate to={paths.alphaorb} replace />;
  return <CreateBotPage onFormChange={setValues}>{values && <FormBacktest values={values} />}</CreateBotPage>;
}
