import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Component } from './account-edit';
import { fakeApi, profile, renderRoute } from './account-test-harness';

afterEach(() => vi.unstubAllGlobals());

function edit(extra: Parameters<typeof fakeApi>[0] = {}, data = profile()) {
  const api = fakeApi({ 'GET /api/me': { body: { data } }, ...extra });
  renderRoute('/account/edit', Component);
  return api;
}
const authForm = () => screen.findByRole('form', { name: 'Authentication' });
const profileForm = () => screen.findByRole('form', { name: 'Profile' });

describe('Update Details route', () => {
  it('[P77] [P80] prefills the profile and sends only the fields that are filled in', async () => {
    const api = edit(
      { 'PATCH /api/me/details': (call) => ({ body: { message: 'Details updated successfully.', data: profile(call.body as object) } }) },
      profile({ phone: null, birthday: '1990-04-12T00:00:00Z' }),
    );
    const form = await profileForm();
    expect(screen.getByRole('heading', { name: 'Update Details' })).toBeInTheDocument();
    expect(within(form).getByLabelText('Birthday')).toHaveValue('1990-04-12');
    await userEvent.clear(within(form).getByLabelText('Last name'));
    await userEvent.clear(within(form).getByLabelText('First name'));
    await userEvent.type(within(form).getByLabelText('First name'), '  Priya ');
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));

    expect(await within(form).findByText('Details updated successfully.')).toBeInTheDocument();
    expect(api.sent('PATCH', '/api/me/details')[0]!.body).toEqual({
      first_name: 'Priya',
      birthday: '1990-04-12',
      timezone: 'America/Toronto',
    });
    expect(within(form).getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/account');
  });

  it.each([
    [{ status: 500, body: {} }, 'Update failed (500)'],
    [{ status: 422, body: { message: 'Enter a valid birthday.', errors: { birthday: ['Enter a valid birthday.'] } } }, 'Enter a valid birthday.'],
    ['network' as const, 'Unable to update details. Please try again.'],
  ])('[P83] explains a profile update that failed: %j', async (reply, message) => {
    edit({ 'PATCH /api/me/details': reply });
    const form = await profileForm();
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(message);
  });

  it('puts a server 422 on its profile field', async () => {
    const message = 'Enter a phone number using digits, spaces and + ( ) - only.';
    edit({ 'PATCH /api/me/details': { status: 422, body: { message, errors: { phone: [message] } } } });
    const form = await profileForm();
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(within(form).getByLabelText('Phone')).toHaveAccessibleDescription(message));
  });

  it('puts a server 422 on its credentials field', async () => {
    const message = 'The provided password is incorrect.';
    edit({ 'PATCH /api/me/details/auth': { status: 422, body: { message, errors: { current_password: [message] } } } });
    const form = await authForm();
    await userEvent.type(within(form).getByLabelText('Email'), 'new@example.com');
    await userEvent.type(within(form).getByLabelText('Current password'), 'Wrong-Range-40');
    await userEvent.click(within(form).getByRole('button', { name: 'Update credentials' }));
    await waitFor(() => expect(within(form).getByLabelText('Current password')).toHaveAccessibleDescription(`Needed to change your e-mail or password. ${message}`));
    expect(within(form).getByRole('alert')).toHaveTextContent(message);
  });

  it('checks the profile with the server schema before sending', async () => {
    const api = edit();
    const form = await profileForm();
    await userEvent.clear(within(form).getByLabelText('Phone'));
    await userEvent.type(within(form).getByLabelText('Phone'), 'call me');
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Enter a phone number using digits, spaces and + ( ) - only.');
    expect(within(form).getByLabelText('Phone')).toHaveAccessibleDescription('Enter a phone number using digits, spaces and + ( ) - only.');
    expect(api.sent('PATCH', '/api/me/details')).toHaveLength(0);
  });

  it('shows Saving… while the profile is sent', async () => {
    let release: () => void = () => {};
    edit({ 'PATCH /api/me/details': { body: { message: 'ok', data: profile() } } });
    const form = await profileForm();
    const fetchMock = vi.mocked(fetch);
    const original = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementationOnce(async (...args) => {
      await new Promise<void>((resolve) => (release = resolve));
      return original(...(args as [string, RequestInit]));
    });
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(within(form).getByRole('button', { name: 'Saving…' })).toBeDisabled();
    release();
    expect(await within(form).findByText('Details updated successfully.')).toBeInTheDocument();
  });

  it.each([
    [{ password: 'Fresh-Range-42', confirm: 'Other-Range-42' }, 'Passwords do not match.'],
    [{ confirm: 'Fresh-Range-42' }, 'Enter a new password before confirming it.'],
    [{}, 'Enter at least one field to update.'],
    [{ password: 'Fresh-Range-42', confirm: 'Fresh-Range-42' }, 'Enter your current password.'],
  ])('checks the authentication form before sending: %j', async (input: { password?: string; confirm?: string }, message) => {
    const api = edit();
    const form = await authForm();
    if (input.password) await userEvent.type(within(form).getByLabelText('New password'), input.password);
    if (input.confirm) await userEvent.type(within(form).getByLabelText('Confirm password'), input.confirm);
    await userEvent.click(within(form).getByRole('button', { name: 'Update credentials' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(message);
    expect(api.sent('PATCH', '/api/me/details/auth')).toHaveLength(0);
  });

  it.each([
    [{ status: 500, body: {} }, 'Failed to load profile (500)'],
    [{ status: 500, body: { message: 'Something went wrong on our side. Please try again.' } }, 'Failed to load profile (500)'],
    ['network' as const, 'Unable to load your details.'],
  ])('[P83] reports a profile that cannot be loaded: %j', async (reply, message) => {
    fakeApi({ 'GET /api/me': reply });
    renderRoute('/account/edit', Component);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('form', { name: 'Profile' })).not.toBeInTheDocument();
  });

  it('[P78] the Authentication card asks for Email, New password and Confirm password, and reads Updating… while sent', async () => {
    let release: () => void = () => {};
    edit({ 'PATCH /api/me/details/auth': { body: { message: 'Authentication details updated successfully.', data: profile() } } });
    const form = await authForm();
    for (const label of ['Email', 'New password', 'Confirm password']) expect(within(form).getByLabelText(label)).toHaveValue('');
    await userEvent.type(within(form).getByLabelText('Email'), 'new@example.com');
    await userEvent.type(within(form).getByLabelText('Current password'), 'Old-Range-41');
    const fetchMock = vi.mocked(fetch);
    const original = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementationOnce(async (...args) => {
      await new Promise<void>((resolve) => (release = resolve));
      return original(...(args as [string, RequestInit]));
    });
    await userEvent.click(within(form).getByRole('button', { name: 'Update credentials' }));
    expect(within(form).getByRole('button', { name: 'Updating…' })).toBeDisabled();
    release();
    expect(await within(form).findByText('Authentication details updated successfully.')).toBeInTheDocument();
  });

  it('[P82] sends the e-mail as email and username with the password, then clears the password fields', async () => {
    const api = edit({
      'PATCH /api/me/details/auth': { body: { message: 'Authentication details updated successfully.', data: profile({ email: 'new@example.com' }) } },
    });
    const form = await authForm();
    await userEvent.type(within(form).getByLabelText('Email'), ' new@example.com ');
    await userEvent.type(within(form).getByLabelText('New password'), 'Fresh-Range-42');
    await userEvent.type(within(form).getByLabelText('Confirm password'), 'Fresh-Range-42');
    await userEvent.type(within(form).getByLabelText('Current password'), 'Old-Range-41');
    await userEvent.click(within(form).getByRole('button', { name: 'Update credentials' }));

    expect(await within(form).findByText('Authentication details updated successfully.')).toBeInTheDocument();
    expect(api.sent('PATCH', '/api/me/details/auth')[0]!.body).toEqual({
      current_password: 'Old-Range-41',
      email: 'new@example.com',
      username: 'new@example.com',
      password: 'Fresh-Range-42',
      password_confirmation: 'Fresh-Range-42',
    });
    expect(within(form).getByLabelText('New password')).toHaveValue('');
    expect(within(form).getByLabelText('Confirm password')).toHaveValue('');
    expect(within(form).getByLabelText('Current password')).toHaveValue('');
  });

  it.each([
    [{ status: 422, body: { message: 'The email has already been taken.', errors: { email: ['The email has already been taken.'] } } }, 'The email has already been taken.'],
    ['network' as const, 'Unable to update authentication details. Please try again.'],
  ])('explains a credentials update that failed: %j', async (reply, message) => {
    edit({ 'PATCH /api/me/details/auth': reply });
    const form = await authForm();
    await userEvent.type(within(form).getByLabelText('Email'), 'taken@example.com');
    await userEvent.type(within(form).getByLabelText('Current password'), 'Old-Range-41');
    await userEvent.click(within(form).getByRole('button', { name: 'Update credentials' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(message);
  });

  it('[P84] sends a signed-out member to sign in on a 401', async () => {
    edit({ 'PATCH /api/me/details': { status: 401, body: { message: 'Unauthenticated.' } } });
    const form = await profileForm();
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/account/login'));
    expect(localStorage.getItem('th_auth')).toBeNull();
  });
});
