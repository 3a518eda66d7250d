import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { botSlug } from '@th/domain';
import { Alert } from '@/components/alert';
import { Loading } from '@/components/loading';
import { describeStatus } from '@/lib/api-client';
import { useCreateBot } from '../api/create-bot';
import { useAccounts } from '../api/get-accounts';
import { AdvancedSettingsCard } from './advanced-settings-card';
import { BotForm, DEFAULT_VALUES, type BotFormValues } from './bot-form';
import styles from './alphaorb.module.css';
import { paths } from '@/config/paths';

type Props = {
  /** The form's values, from the first render and after every change. */
  onFormChange?: (values: BotFormValues) => void;
  /** Shown below the form (the route puts the Backtest panel there). */
  children?: ReactNode;
};

/** New bot (§2.3). */
export function CreateBotPage({ onFormChange, children }: Props = {}) {
  const navigate = useNavigate();
  const accounts = useAccounts();
  const create = useCreateBot();
  const [label, setLabel] = useState('');
  const [accountId, setAccountId] = useState('');
  const [missingId, setMissingId] = useState(false);
  const list = accounts.data?.accounts ?? [];
  const account = list.find((a) => a.id === accountId);
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div>
          <Link to={paths.alphaorb} className={styles.back}>
            ← Dashboard
          </Link>
          <h1>{label.trim() || 'New AlphaORB bot'}</h1>
          {account && (
            <p className={styles.muted}>
              {account.label} — {account.platform}
            </p>
          )}
        </div>
      </header>
      {accounts.isError && (
        <Alert tone="error">
          {/* The spec words only the status case; with no answer there is no status to show, so
              the sentence ends as its siblings' no-answer texts do rather than saying "(0)". */}
          {describeStatus(accounts.error, (status) =>
            status === null ? 'Unable to load trading accounts.' : `Unable to load trading accounts (${status})`,
          )}
        </Alert>
      )}
      {missingId && <Alert tone="error">Bot created but missing identifier. Please refresh and try again.</Alert>}
      {accounts.isPending ? (
        <Loading label="Loading form…" />
      ) : (
        <div className={styles.formLayout}>
          <BotForm
            mode="create"
            initial={DEFAULT_VALUES}
            accounts={list}
            submitLabel="Create bot"
            busyLabel="Creating…"
            busy={create.isPending}
            serverError={create.error}
            failureText={(status) => (status === null ? 'Unable to create bot.' : `Unable to create bot (${status})`)}
            onCancel={() => navigate(paths.alphaorb)}
            onChange={(v) => {
              setLabel(v.label);
              setAccountId(v.trading_account_id);
              onFormChange?.(v);
            }}
            onSubmit={(body) =>
              create.mutateAsync(body).then((saved) => {
                if (!saved?.bot?.id) return setMissingId(true);
                navigate(paths.alphaorbBot(botSlug(saved.bot)));
              })
            }
          />
          <AdvancedSettingsCard />
        </div>
      )}
      {!accounts.isPending && children}
    </div>
  );
}
