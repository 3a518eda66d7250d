import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { sendInvite } from '@/features/auth/api/password-requests';
import { EmailRequestForm } from '@/features/auth/components/email-request-form';

export function Component() {
  return (
    <div className="auth-page single">
      <EmailRequestForm
        title="Send Invite"
        intro="Joined through one of our partners? Enter the email address you bought your membership with and we will e-mail your invite link."
        submitLabel="Send invite"
        requiredMessage="Please enter an email address."
        successMessage="Invitation email sent!"
        failureMessage="Unable to send invite. Please try again."
        onSubmit={sendInvite}
        footer={<Link to={paths.login}>Back to sign in</Link>}
      />
    </div>
  );
}
