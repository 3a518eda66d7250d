import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, profile, renderRoute } from '../routes/account-test-harness';
import { Component } from './platform-layout';

afterEach(() => vi.unstubAllGlobals());

describe('platform layout', () => {
  it('[P151] says "Failed to load profile." while the profile cannot be loaded, and names the member "User"', async () => {
    fakeApi({ 'GET /api/me': { status: 500, body: {} } });
    renderRoute('/dashboard', Component);
    expect(await screen.findByRole('status')).toHaveTextContent('Failed to load profile.');
    expect(screen.getAllByRole('link', { name: 'User — Manage Account' })).toHaveLength(2);
  });

  it('[P17] links the avatar and name to the account page as "Manage Account", and says nothing of a failure', async () => {
    fakeApi({ 'GET /api/me': { body: { data: profile() } } });
    renderRoute('/dashboard', Component);
    const links = await screen.findAllByRole('link', { name: 'Maya Chen — Manage Account' });
    expect(links).toHaveLength(2);
    for (const link of links) {
      expect(link).toHaveAttribute('href', '/account');
      expect(link).toHaveTextContent('Maya ChenManage Account');
    }
    expect(screen.queryByText('Failed to load profile.')).toBeNull();
  });
});
