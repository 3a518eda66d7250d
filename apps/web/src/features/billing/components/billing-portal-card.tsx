import { useNavigate } from 'react-router';
import type { SubscriptionDetails } from '@th/contracts';
import { canOpenBillingPortal, isExternallyBilled } from '@th/domain';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { brand } from '@/config/brand';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { clearAuth } from '@/lib/auth-storage';
import { billingPortalFailure, useOpenBillingPortal } from '../api/open-billing-portal';

/** Manage billing: the Stripe Billing Portal when this membership is billed through Stripe. */
export function BillingPortalCard({ details }: { details: SubscriptionDetails | null }) {
  const portal = useOpenBillingPortal();
  const navigate = useNavigate();
  // Signed out meanwhile: drop the stale token and sign in again (spec §7); nothing to word.
  const signedOut = (error: unknown) => error instanceof ApiError && error.status === 401;
  const open = () =>
    portal.mutate('manage', {
      onError: (error) => {
        if (!signedOut(error)) return;
        clearAuth();
        void navigate(paths.login, { replace: true });
      },
    });

  if (details && isExternallyBilled(details.vendor)) {
    return (
      <Card title="Manage billing" aria-label="Manage billing">
        <p className="muted">
          This membership is not billed through the online billing portal. To change it, write to{' '}
          <a href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</a>.
        </p>
      </Card>
    );
  }
  if (!details || !canOpenBillingPortal(details)) {
    return (
      <Card title="Manage billing" aria-label="Manage billing">
        <p className="muted">
          We couldn’t locate a billing profile for this account. Contact support so we can connect it manually.
        </p>
      </Card>
    );
  }
  return (
    <Card title="Manage billing" aria-label="Manage billing">
      <p className="muted">
        Update your card, download invoices, change your plan or cancel in Stripe’s secure billing portal.
      </p>
      {portal.isError && !signedOut(portal.error) && <Alert tone="error">{billingPortalFailure(portal.error)}</Alert>}
      <Button busy={portal.isPending} busyLabel="Opening portal…" onClick={open}>
        Open billing portal
      </Button>
    </Card>
  );
}
