import { Card } from '@/components/card';
import { brand } from '@/config/brand';

export function BillingHelpCard() {
  return (
    <Card title="Need help?" aria-label="Need help?">
      <p className="muted">
        Changes you make in the billing portal can take a few minutes to appear here. Refresh this page if your new
        plan or card does not show yet.
      </p>
      <p>
        Questions about your membership or an invoice? Email <a href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</a>.
      </p>
    </Card>
  );
}
