import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubBehindCsrf } from '../../../../test/fetch-stub';
import { PasswordSetForm } from './password-set-form';

afterEach(() => vi.unstubAllGlobals());

function Where() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

/** The form on its page, with the API answering `POST /api/password/reset` (200 unless told) and counting calls. */
function renderForm(kind: 'reset' | 'invite', token: string, reply: { status: number; body: unknown } = { status: 200, body: { message: 'ok' } }) {
  const sent: unknown[] = [];
  stubBehindCsrf((_url, init) => {
    sent.push(JSON.parse(String(init.body)));
    return jsonResponse(reply.body, reply.status);
  });
  const router = createMemoryRouter(
    [
      { path: '/form', element: <PasswordSetForm kind={kind} token={token} initialEmail="maya@example.com" /> },
      { path: '*', Component: Where },
    ],
    { initialEntries: ['/form'] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return sent;
}

async function submit(password: string) {
  await userEvent.type(screen.getByLabelText(/^(New password|Password)$/), password);
  await userEvent.type(screen.getByLabelText('Confirm password'), password);
  await userEvent.click(screen.getByRole('button', { name: /Reset password|Complete invite/ }));
}

describe('setting a password from a reset or invite link', () => {
  // The routes redirect a visit without any token (P26, P28); the form still refuses to send one.
  it.each([
    ['reset', 'Reset token is missing or invalid.'],
    ['invite', 'Invite token is missing or invalid.'],
  ] as const)('[P47] the %s form without a token says so and sends nothing', async (kind, message) => {
    const sent = renderForm(kind, '');
    await submit('Password123!');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(sent).toEqual([]);
  });

  it('[P51] an accepted invite says so, then goes to sign in with the e-mail after 2 seconds', async () => {
    const sent = renderForm('invite', 'abc+def');
    await submit('Password123!');
    expect(await screen.findByText('Invite accepted! You can now sign in with your new password.')).toBeInTheDocument();
    expect(sent).toEqual([
      { token: 'abc+def', email: 'maya@example.com', password: 'Password123!', password_confirmation: 'Password123!' },
    ]);
    expect(screen.queryByTestId('location')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/account/login?email=maya%40example.com'), {
      timeout: 4000,
    });
  });

  it.each([
    ['', 'Please complete all fields.'],
    ['Other-Range-42', 'Passwords do not match.'],
  ])('[P46] checks the fields before sending: confirmation %j', async (confirmation, message) => {
    const sent = renderForm('reset', 'abc');
    await userEvent.type(screen.getByLabelText('New password'), 'Fresh-Range-42');
    if (confirmation) await userEvent.type(screen.getByLabelText('Confirm password'), confirmation);
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription(message);
    expect(sent).toEqual([]);
  });

  it('[P48] refuses a token with whitespace in it', async () => {
    const sent = renderForm('invite', 'abc\tdef');
    await submit('Password123!');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invite token appears malformed. Please paste your full invite link again.');
    expect(sent).toEqual([]);
  });

  it('puts a server 422 on its field and says it under the form', async () => {
    const message = 'We can’t find a user with that email address.';
    renderForm('reset', 'abc', { status: 422, body: { message, errors: { email: [message] } } });
    await submit('Password123!');
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(message));
    expect(screen.getByRole('alert')).toHaveTextContent(message);
  });

  it('[P52] words a refused reset without a message by its status', async () => {
    renderForm('invite', 'abc', { status: 500, body: {} });
    await submit('Password123!');
    expect(await screen.findByRole('alert')).toHaveTextContent('Request failed (500)');
  });
});
