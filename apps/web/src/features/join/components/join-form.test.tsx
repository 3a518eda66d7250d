import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { stubEveryCall } from '../../../../test/fetch-stub';
import { JoinForm } from './join-form';

afterEach(() => vi.unstubAllGlobals());

/** Answers the XSRF cookie call and POST /api/join with the given status and body. */
function stubJoin(status: number, body: unknown) {
  return stubEveryCall(status, body);
}

function renderJoin() {
  const router = createMemoryRouter(
    [
      { path: '/join', element: <JoinForm cancelled={false} /> },
      { path: '/account/login', element: <p>Sign-in page</p> },
    ],
    { initialEntries: ['/join'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

async function fillForm() {
  const user = userEvent.setup();
  await user.click(screen.getByLabelText(/Trader plus Automation/));
  await user.type(screen.getByLabelText('First name'), 'Ana');
  await user.type(screen.getByLabelText('Last name'), 'Costa');
  await user.type(screen.getByLabelText('Email'), ' ana@example.com ');
  await user.type(screen.getByLabelText('Password'), 'Morning-Range-7');
  await user.type(screen.getByLabelText('Confirm password'), 'Morning-Range-7');
  await user.click(screen.getByRole('button', { name: 'Start my 7-day trial' }));
}

describe('JoinForm', () => {
  it('sends the chosen plan and trimmed email, then follows the internal redirect to sign-in', async () => {
    const calls = stubJoin(200, { redirect_url: '/account/login?joined=1&email=ana%40example.com' });
    const router = renderJoin();
    await fillForm();
    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?joined=1&email=ana%40example.com');
    expect(calls.find((c) => c.url.endsWith('/api/join'))!.body).toEqual({
      plan: 'automation',
      first_name: 'Ana',
      last_name: 'Costa',
      email: 'ana@example.com',
      password: 'Morning-Range-7',
      password_confirmation: 'Morning-Range-7',
    });
  });

  it('sends the browser to Stripe Checkout when the server answers with its url', async () => {
    stubJoin(200, { redirect_url: 'https://checkout.stripe.com/c/pay/cs_test_1' });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderJoin();
    await fillForm();
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_1'));
  });

  it('shows the payment-provider failure and keeps what the visitor typed', async () => {
    stubJoin(502, { message: 'We could not start checkout. Please try again in a moment.' });
    renderJoin();
    await fillForm();
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not start checkout. Please try again in a moment.');
    expect(screen.getByLabelText('First name')).toHaveValue('Ana');
    expect(screen.getByRole('button', { name: 'Start my 7-day trial' })).toBeEnabled();
  });

  it('puts a server 422 on its field and offers sign-in for a taken e-mail', async () => {
    const message = 'An account with this email already exists.';
    stubJoin(422, { message, errors: { email: [message] } });
    renderJoin();
    await fillForm();
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(message);
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/account/login?email=ana%40example.com');
  });

  it('checks the fields with the server schema before sending', async () => {
    const calls = stubJoin(200, { redirect_url: '/account/login' });
    renderJoin();
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Start my 7-day trial' }));
    expect(await screen.findByText('Passwords must be at least 8 characters.')).toBeVisible();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Please enter your email address.');
    expect(calls.filter((c) => c.url.endsWith('/api/join'))).toHaveLength(0);
  });
});
