import { Link } from 'react-router';
import { Card } from '@/components/card';
import styles from './data-rights.module.css';

/** The account page's way to the data-rights page: a copy of the data, or closing the account. */
export function YourDataCard({ to }: { to: string }) {
  return (
    <Card title="Your data" aria-label="Your data">
      <p className={styles.lead}>Download a copy of everything your account holds, or close your account.</p>
      <Link to={to} className="btn btn-secondary">
        Download my data or close my account
      </Link>
    </Card>
  );
}
