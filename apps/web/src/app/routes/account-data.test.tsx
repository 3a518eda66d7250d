import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Component } from './account-data';
import { fakeApi, profile, renderRoute } from './account-test-harness';

afterEach(() => vi.unstubAllGlobals());

const exportRow = (overrides: object = {}) => ({
  id: 'e1',
  status: 'running',
  progress: 40,
  requested_by: 'member',
  size: null,
  error: null,
  created_at: '2030-05-02T13:45:00.000Z',
  finished_at: null,
  expires_at: null,
  ...overrides,
});

function page(extra: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({ 'GET /api/me': { body: { data: profile() } }, 'GET /api/me/data-exports': { body: { data: [] } }, ...extra });
  renderRoute('/account/data', Component);
  return api;
}
const closeForm = () => screen.findByRole('form', { name: 'Close my account' });

describe('Your data route', () => {
  it('shows the progress of an archive being prepared', async () => {
    page({ 'GET /api/me/data-exports': { body: { data: [exportRow()] } } });
    const bar = await screen.findByRole('progressbar', { name: 'Preparing your data…' });
    expect(bar).toHaveAttribute('value', '40');
    expect(screen.getByRole('button', { name: 'Request a copy of my data' })).toBeDisabled();
  });

  it('offers the download of a ready archive with its expiry in the member zone', async () => {
    page({
      'GET /api/me/data-exports': {
        body: { data: [exportRow({ status: 'ready', progress: 100, size: 20480, expires_at: '2030-05-09T13:45:00.000Z' })] },
      },
    });
    expect(await screen.findByRole('button', { name: 'Download ZIP' })).toBeEnabled();
    expect(screen.getByText(/20 KB · expires May 9, 2030 at 9:45 AM EDT/)).toBeInTheDocument();
  });

  it('puts a wrong password (server 422) on the password field', async () => {
    const message = 'The password is incorrect.';
    const api = page({ 'POST /api/me/closure': { status: 422, body: { message, errors: { password: [message] } } } });
    const form = await closeForm();
    await userEvent.type(within(form).getByLabelText('Password'), 'wrong');
    await userEvent.click(within(form).getByRole('radio', { name: 'Now' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Close my account' }));
    await waitFor(() => expect(within(form).getByLabelText('Password')).toHaveAccessibleDescription(`Enter your password to confirm. ${message}`));
    expect(api.sent('POST', '/api/me/closure')[0]!.body).toEqual({ password: 'wrong', cancel: 'now' });
  });

  it('asks for the password before sending, in the server schema words', async () => {
    const api = page();
    const form = await closeForm();
    await userEvent.click(within(form).getByRole('button', { name: 'Close my account' }));
    await waitFor(() =>
      expect(within(form).getByLabelText('Password')).toHaveAccessibleDescription('Enter your password to confirm. Enter your password to close your account.'),
    );
    expect(api.sent('POST', '/api/me/closure')).toHaveLength(0);
  });

  it('signs the member out once the account is closed', async () => {
    page({
      'POST /api/me/closure': {
        status: 202,
        body: { message: 'Your account is closed and you have been signed out.', data: {} },
      },
    });
    const form = await closeForm();
    await userEvent.type(within(form).getByLabelText('Password'), 'Password123!');
    await userEvent.click(within(form).getByRole('button', { name: 'Close my account' }));
    expect(await screen.findByRole('heading', { name: 'Your account is closed' })).toBeInTheDocument();
    expect(localStorage.getItem('th_auth')).toBeNull();
  });
});
