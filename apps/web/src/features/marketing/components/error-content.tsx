import { Link, useNavigate } from 'react-router';
import { brand } from '@/config/brand';
import { paths } from '@/config/paths';
import styles from './error-content.module.css';

const ERRORS: Record<number, { title: string; text: string }> = {
  400: { title: 'That request did not look right', text: 'Something in the link or form was malformed. Go back and try again.' },
  401: { title: 'Please sign in', text: 'Your session has ended or you are not signed in yet.' },
  403: { title: 'This area is for active members', text: 'Your account does not have access to this page. Check your membership in your account settings.' },
  404: { title: 'Page not found', text: 'The page you are looking for moved or never existed.' },
  500: { title: 'Something went wrong on our side', text: 'We have been notified. Please try again in a moment.' },
  503: { title: 'We will be right back', text: 'The platform is briefly unavailable for maintenance. Please try again in a few minutes.' },
};

/** The content of the error pages: what happened and a way back. */
export function ErrorContent({ code }: { code: number }) {
  const known = ERRORS[code] ?? ERRORS[404]!;
  const shown = ERRORS[code] ? code : 404;
  const navigate = useNavigate();
  // A visitor who followed a link here can step back to where they were.
  const canGoBack = typeof window !== 'undefined' && window.history.length > 1;
  return (
    <section className={styles.errorPage} aria-labelledby="error-title">
      <p className={styles.errorCode}>{shown}</p>
      <h1 id="error-title">{known.title}</h1>
      <p className="muted">{known.text}</p>
      <div className={`${styles.errorActions} form-actions`}>
        {canGoBack && (
          <button type="button" className="btn btn-secondary" onClick={() => void navigate(-1)}>
            Go back
          </button>
        )}
        <Link to={paths.home} className="btn btn-primary">
          Go to the home page
        </Link>
        {shown === 401 || shown === 403 ? (
          <Link to={shown === 401 ? paths.login : paths.account} className="btn btn-secondary">
            {shown === 401 ? 'Sign in' : 'Open account settings'}
          </Link>
        ) : (
          <Link to={paths.dashboard} className="btn btn-secondary">
            Open the dashboard
          </Link>
        )}
      </div>
      <p className={`${styles.errorSupport} muted`}>
        Still stuck? Write to <a href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</a>.
      </p>
    </section>
  );
}
