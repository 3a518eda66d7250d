import { focusManager } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The whole platform layout renders here: on a shared, busy machine that takes a few seconds.
vi.setConfig({ testTimeout: 15_000 });
import { fakeApi, profile, renderRoute } from '../routes/account-test-harness';
import { Component } from './platform-layout';

afterEach(() => {
  focusManager.setFocused(undefined);
  vi.unstubAllGlobals();
});

describe('the notification bell in the platform header', () => {
  it('names the unread count ("Notifications, 3 unread") and opens the notification centre', async () => {
    fakeApi({
      'GET /api/me': { body: { data: profile() } },
      'GET /api/notifications/unread-count': { body: { unread: 3 } },
    });
    renderRoute('/dashboard', Component);
    const bell = await screen.findByRole('link', { name: 'Notifications, 3 unread' }, { timeout: 4000 });
    expect(bell).toHaveAttribute('href', '/notifications');
    expect(bell).toHaveTextContent('3');
  });

  it('says 0 unread without a badge, and asks again when the window regains focus', async () => {
    let unread = 0;
    const api = fakeApi({
      'GET /api/me': { body: { data: profile() } },
      'GET /api/notifications/unread-count': () => ({ body: { unread } }),
    });
    renderRoute('/dashboard', Component);
    await screen.findAllByRole('link', { name: 'Maya Chen — Manage Account' });
    const bell = await screen.findByRole('link', { name: 'Notifications, 0 unread' }, { timeout: 4000 });
    expect(bell).not.toHaveTextContent('0');
    unread = 2;
    // The window loses focus and gets it back, as when the member returns to the tab.
    focusManager.setFocused(false);
    focusManager.setFocused(true);
    expect(await screen.findByRole('link', { name: 'Notifications, 2 unread' }, { timeout: 4000 })).toBeVisible();
    expect(api.sent('GET', '/api/notifications/unread-count').length).toBeGreaterThanOrEqual(2);
  });

  it('names no count until the count has come', async () => {
    let answer: (reply: { body: { unread: number } }) => void = () => {};
    const api = fakeApi({
      'GET /api/me': { body: { data: profile() } },
      'GET /api/notifications/unread-count': () => new Promise((resolve) => (answer = resolve)),
    });
    renderRoute('/dashboard', Component);
    await waitFor(() => expect(api.sent('GET', '/api/notifications/unread-count')).toHaveLength(1));
    expect(screen.getByRole('link', { name: 'Notifications' })).toHaveAttribute('href', '/notifications');
    expect(screen.queryByRole('link', { name: /unread/ })).toBeNull();
    answer({ body: { unread: 0 } });
    expect(await screen.findByRole('link', { name: 'Notifications, 0 unread' })).toBeVisible();
  });

  it('is not shown to a suspended member, and the count is not asked for', async () => {
    const api = fakeApi({ 'GET /api/me': { body: { data: profile({ status: 'suspended' }) } } });
    renderRoute('/account', Component);
    await screen.findAllByRole('link', { name: 'Maya Chen — Manage Account' });
    await waitFor(() => expect(api.sent('GET', '/api/me')).toHaveLength(1));
    expect(screen.queryByRole('link', { name: /^Notifications/ })).toBeNull();
    expect(api.sent('GET', '/api/notifications/unread-count')).toHaveLength(0);
  });
});
