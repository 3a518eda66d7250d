import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { remindPassword } from '@/features/auth/api/password-requests';
import { EmailRequestForm } from '@/features/auth/components/email-request-form';

export function Component() {
  return (
    <div className="auth-page single">
      <EmailRequestForm
        title="Forgot Password"
        intro="Enter the email address of your account and we will send you a link to choose a new password."
        submitLabel="Send reset link"
        requiredMessage="Please enter your email address."
        successMessage="Success! Please check your email for password reset instructions."
        failureMessage="Unable to process request. Please try again."
        onSubmit={remindPassword}
        footer={<Link to={paths.login}>Back to sign in</Link>}
      />
    </div>
  );
}
