import { useState } from 'react';
import { Link } from 'react-router';
import { DiscoverAccountsBody, type DiscoverAccountsResponse } from '@th/contracts';
import { Alert } from '@/components/alert';
import { Card } from '@/components/card';
import { paths } from '@/config/paths';
import { showServerErrors, useContractForm } from '@/lib/form';
import { useDiscoverAccounts } from '../api/discover-accounts';
import { useLinkAccounts } from '../api/link-accounts';
import { discoveryFailure, INACTIVE_LINK_MESSAGE, linkFailure, NO_TOKEN_MESSAGE } from '../utils/messages';
import { ConfirmStep, type Selection } from './confirm-step';
import { CredentialsStep, EMPTY_CREDENTIALS } from './credentials-step';
import { PlatformStep, type Platform } from './platform-step';
import styles from './broker-link.module.css';

const STEPS = ['Platform', 'Credentials', 'Confirm'] as const;

type Props = {
  membershipActive: boolean;
  /** The linked account being reactivated (?reactivate=), named in a hint. */
  reactivate: { id: string; accountId: string | null } | null;
  onCancel: () => void;
  /** After a successful link: refresh the account list and go back to the account page. */
  onLinked: () => void;
};

/** The three-step link wizard of platform §2: Platform, Credentials, Confirm. */
export function LinkWizard({ membershipActive, reactivate, onCancel, onLinked }: Props) {
  const [step, setStep] = useState(0);
  const [platform, setPlatform] = useState<Platform | null>(null);
  const [acknowledged, setAcknowledged] = useState(false);
  const credentials = useContractForm(DiscoverAccountsBody, EMPTY_CREDENTIALS);
  /** The login accounts were discovered with: linking sends the same one. */
  const [login, setLogin] = useState<DiscoverAccountsBody | null>(null);
  const [found, setFound] = useState<DiscoverAccountsResponse | null>(null);
  const [selection, setSelection] = useState<Selection>({});
  const [error, setError] = useState<string | null>(null);
  const discover = useDiscoverAccounts();
  const link = useLinkAccounts(onLinked);

  /** Every forward move is blocked while the membership is inactive (platform §4). */
  const advance = (next: () => void) => {
    if (!membershipActive) return setError(INACTIVE_LINK_MESSAGE);
    setError(null);
    next();
  };

  const runDiscovery = (body: DiscoverAccountsBody) =>
    advance(() => {
      setFound(null);
      setLogin(body);
      setStep(2);
      discover.mutate(body, {
        onSuccess: (result) => {
          if (!result?.tokens?.accessToken) {
            setStep(1);
            return setError(NO_TOKEN_MESSAGE);
          }
          setFound(result);
          // The account being reactivated starts ticked; the member chooses the rest.
          const preset: Selection = {};
          for (const account of result.accounts) {
            preset[account.id] = { chosen: reactivate?.accountId === account.id, label: '' };
          }
          setSelection(preset);
        },
        onError: (failure) => {
          setStep(1);
          showServerErrors(credentials, failure);
          setError(discoveryFailure(failure));
        },
      });
    });

  const runLink = () =>
    advance(() => {
      if (!found || !login) return;
      const chosen = found.accounts.filter((account) => selection[account.id]?.chosen);
      link.mutate(
        {
          platform: 'TradeLocker',
          credentials: { email: login.email, server: login.server, accountType: login.accountType },
          tokens: { accessToken: found.tokens.accessToken, refreshToken: found.tokens.refreshToken },
          accounts: chosen.map((account) => ({
            id: account.id,
            number: account.number,
            platform: account.platform,
            balance: account.balance,
            currency: account.currency,
            label: selection[account.id]?.label.trim() ?? '',
          })),
        },
        { onError: (failure) => setError(linkFailure(failure)) },
      );
    });

  const back = () => {
    setError(null);
    setStep((s) => Math.max(0, s - 1));
  };

  return (
    <div className={styles.wizard}>
      {!membershipActive && (
        <Alert tone="warning">
          {INACTIVE_LINK_MESSAGE} <Link to={paths.accountSubscription}>Manage billing</Link>
        </Alert>
      )}
      {reactivate && (
        <Alert tone="info">
          Reactivating account {reactivate.accountId ?? reactivate.id}: sign in with the TradeLocker login it was
          linked with and select it again.
        </Alert>
      )}
      <ol className={styles.steps} aria-label="Link steps">
        {STEPS.map((name, index) => (
          <li
            key={name}
            className={index === step ? styles.current : index < step ? styles.done : undefined}
            aria-current={index === step ? 'step' : undefined}
          >
            <span className={styles.stepNumber}>{index + 1}</span>
            {name}
          </li>
        ))}
      </ol>
      <Card className={styles.card}>
        {error && <Alert tone="error">{error}</Alert>}
        {step === 0 && (
          <PlatformStep
            platform={platform}
            acknowledged={acknowledged}
            onPlatform={setPlatform}
            onAcknowledged={setAcknowledged}
            onCancel={onCancel}
            onContinue={() => advance(() => setStep(1))}
          />
        )}
        {step === 1 && <CredentialsStep form={credentials} onBack={back} onDiscover={runDiscovery} />}
        {step === 2 && (
          <ConfirmStep
            accounts={discover.isPending ? null : (found?.accounts ?? null)}
            selection={selection}
            onSelection={setSelection}
            linking={link.isPending}
            onBack={back}
            onLink={runLink}
          />
        )}
      </Card>
    </div>
  );
}
