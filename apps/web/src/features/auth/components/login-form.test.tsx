import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubBehindCsrf } from '../../../../test/fetch-stub';
import { LoginForm } from './login-form';

afterEach(() => vi.unstubAllGlobals());

/** The form on its page, the API answering `POST /api/login` with `reply` and counting calls. */
function renderForm(reply: { status: number; body: unknown }) {
  const sent: unknown[] = [];
  stubBehindCsrf((_url, init) => {
    sent.push(JSON.parse(String(init.body)));
    return jsonResponse(reply.body, reply.status);
  });
  const router = createMemoryRouter([{ path: '/account/login', element: <LoginForm /> }], { initialEntries: ['/account/login'] });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return sent;
}

describe('the sign-in form', () => {
  it('[P41] asks for both fields before sending anything', async () => {
    const sent = renderForm({ status: 200, body: {} });
    const form = screen.getByRole('form', { name: 'Sign in' });
    await userEvent.type(within(form).getByLabelText('Email'), 'maya@example.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Sign in' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Please enter both username and password.');
    expect(within(form).getByLabelText('Password')).toHaveAccessibleDescription('Please enter both username and password.');
    // Said once on screen, in the alert; the field keeps it as its description only.
    const onScreen = within(form)
      .getAllByText('Please enter both username and password.')
      .filter((element) => !element.classList.contains('visually-hidden'));
    expect(onScreen).toHaveLength(1);
    expect(sent).toEqual([]);
  });

  it('puts a server 422 on its field and says it under the form', async () => {
    const message = 'These credentials do not match our records.';
    const sent = renderForm({ status: 422, body: { message, errors: { username: [message] } } });
    const form = screen.getByRole('form', { name: 'Sign in' });
    await userEvent.type(within(form).getByLabelText('Email'), ' maya@example.com ');
    await userEvent.type(within(form).getByLabelText('Password'), 'not-the-password');
    await userEvent.click(within(form).getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(within(form).getByLabelText('Email')).toHaveAccessibleDescription(message));
    expect(within(form).getByRole('alert')).toHaveTextContent(message);
    expect(sent).toEqual([{ username: 'maya@example.com', password: 'not-the-password', device_name: 'Web App 1.0.4' }]);
  });
});
