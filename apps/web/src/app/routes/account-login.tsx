import { LoginForm } from '@/features/auth/components/login-form';
import { IntroPlanCard } from '@/features/marketing/components/intro-plan-card';

export function Component() {
  return (
    <div className="auth-page">
      <LoginForm />
      <aside aria-label="Join us">
        <h2 className="join-us-title">Join us</h2>
        <p className="muted">New here? Become a founding member and trade alongside our mentors every day.</p>
        <IntroPlanCard headingLevel={3} />
      </aside>
    </div>
  );
}
