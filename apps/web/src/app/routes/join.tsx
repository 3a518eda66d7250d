import { useLocation } from 'react-router';
import { JoinForm } from '@/features/join/components/join-form';
import joinStyles from '@/features/join/components/join.module.css';
import { paths } from '@/config/paths';

/** /join and /join/cancel share this screen; Stripe's cancel_url adds the cancelled note. */
export function Component() {
  const { pathname } = useLocation();
  return (
    <div className={joinStyles.page}>
      <JoinForm cancelled={pathname.replace(/\/$/, '').endsWith(paths.joinCancel)} />
    </div>
  );
}
