import { redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { paths } from '@/config/paths';
import { normaliseToken, PasswordSetForm } from '@/features/auth/components/password-set-form';

export function loader({ params, request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const token = normaliseToken(params.token ?? url.searchParams.get('token'));
  if (!token) throw redirect(paths.sendInvite);
  return { token, email: url.searchParams.get('email') ?? '' };
}

export function Component() {
  const { token, email } = useLoaderData<typeof loader>();
  return (
    <div className="auth-page single">
      <PasswordSetForm kind="invite" token={token} initialEmail={email} />
    </div>
  );
}
