import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '@th/contracts';
import { fakeApi, profile, renderRoute } from './account-test-harness';
import { Component as AccountNotifications } from './account-notifications';
import { Component as Notifications } from './notifications';

afterEach(() => vi.unstubAllGlobals());

const item = (overrides: Partial<Notification> = {}): Notification => ({
  id: 7,
  kind: 'session_live',
  title: 'Lunch Review is live now',
  body: 'Lunch Review has started. Join from the live sessions page.',
  link: '/sessions',
  created_at: '2030-05-02T16:05:00.000Z',
  read_at: null,
  ...overrides,
});

describe('the notification centre', () => {
  it('lists notifications with their time in the member\'s zone and link, and marks one read', async () => {
    let readAt: string | null = null;
    const api = fakeApi({
      'GET /api/me': { body: { data: profile({ timezone: 'America/Vancouver' }) } },
      'GET /api/notifications': () => ({
        body: { data: [item({ read_at: readAt }), item({ id: 6, title: 'A replay is ready', read_at: '2030-05-01T10:00:00.000Z', link: null })], meta: { page: 1, per_page: 20, has_more: false, unread: readAt ? 0 : 1 } },
      }),
      'POST /api/notifications/7/read': () => {
        readAt = '2030-05-02T16:10:00.000Z';
        return { body: { data: item({ read_at: readAt }) } };
      },
    });
    renderRoute('/notifications', Notifications);
    const unread = await screen.findByRole('listitem', { name: 'Unread: Lunch Review is live now' });
    expect(unread).toHaveTextContent('May 2, 2030 · 9:05 AM PDT');
    expect(within(unread).getByRole('link', { name: 'Open: Lunch Review is live now' })).toHaveAttribute('href', '/sessions');
    expect(screen.getByRole('status')).toHaveTextContent('1 unread · times in America/Vancouver');
    await userEvent.click(within(unread).getByRole('button', { name: 'Mark read: Lunch Review is live now' }));
    expect(await screen.findByRole('listitem', { name: 'Lunch Review is live now' })).toBeVisible();
    expect(api.sent('POST', '/api/notifications/7/read')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  });

  it('marks all read', async () => {
    let unread = 2;
    const api = fakeApi({
      'GET /api/me': { body: { data: profile() } },
      'GET /api/notifications': () => ({ body: { data: [item()], meta: { page: 1, per_page: 20, has_more: false, unread } } }),
      'POST /api/notifications/read-all': () => {
        unread = 0;
        return { body: { message: '2 notifications marked read.' } };
      },
    });
    renderRoute('/notifications', Notifications);
    await userEvent.click(await screen.findByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('0 unread'));
    expect(api.sent('POST', '/api/notifications/read-all')).toHaveLength(1);
  });
});

const preferences = {
  kinds: [
    { kind: 'session_starting', in_app: true, email: true },
    { kind: 'session_live', in_app: true, email: true },
    { kind: 'market_event', in_app: true, email: false },
  ],
  session_reminder_minutes: 15,
  quiet_hours_start: null,
  quiet_hours_end: null,
  time_zone: 'America/Toronto',
};

describe('notification preferences', () => {
  it('saves the kinds, the reminder minutes and quiet hours as the request body', async () => {
    const api = fakeApi({
      'GET /api/notifications/preferences': { body: { data: preferences } },
      'PUT /api/notifications/preferences': (call) => ({ body: { data: { ...(call.body as object), time_zone: 'America/Toronto' } } }),
    });
    renderRoute('/account/notifications', AccountNotifications);
    await userEvent.click(await screen.findByRole('checkbox', { name: 'A session went live: by e-mail' }));
    await userEvent.selectOptions(screen.getByLabelText('Remind me before a live session starts'), '30');
    await userEvent.type(screen.getByLabelText('Quiet hours start'), '22:00');
    await userEvent.type(screen.getByLabelText('Quiet hours end'), '07:00');
    await userEvent.click(screen.getByRole('button', { name: 'Save preferences' }));
    expect(await screen.findByText('Notification preferences saved.')).toBeVisible();
    expect(api.sent('PUT', '/api/notifications/preferences')[0]!.body).toEqual({
      kinds: [
        { kind: 'session_starting', in_app: true, email: true },
        { kind: 'session_live', in_app: true, email: false },
        { kind: 'market_event', in_app: true, email: false },
      ],
      session_reminder_minutes: 30,
      quiet_hours_start: '22:00',
      quiet_hours_end: '07:00',
    });
  });

  it('shows the contract\'s message before sending, and a server 422 on its field', async () => {
    const api = fakeApi({
      'GET /api/notifications/preferences': { body: { data: preferences } },
      'PUT /api/notifications/preferences': { status: 422, body: { message: 'Invalid.', errors: { quiet_hours_end: ['Quiet hours must end at another time than they start.'] } } },
    });
    renderRoute('/account/notifications', AccountNotifications);
    await userEvent.type(await screen.findByLabelText('Quiet hours start'), '22:00');
    await userEvent.click(screen.getByRole('button', { name: 'Save preferences' }));
    expect(await screen.findByText('Enter both the start and the end of quiet hours, or neither.')).toBeVisible();
    expect(api.sent('PUT', '/api/notifications/preferences')).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('Quiet hours end'), '23:00');
    await userEvent.click(screen.getByRole('button', { name: 'Save preferences' }));
    expect(await screen.findByText('Quiet hours must end at another time than they start.')).toBeVisible();
    expect(screen.getByLabelText('Quiet hours end')).toHaveAccessibleDescription(/Quiet hours must end at another time/);
  });
});
