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
    { kind: 'session_starting', in_app: true, email: true, push: true },
    { kind: 'session_live', in_app: true, email: true, push: true },
    { kind: 'market_event', in_app: true, email: false, push: false },
  ],
  session_reminder_minutes: 15,
  quiet_hours_start: null,
  quiet_hours_end: null,
  market_event_currencies: ['USD'],
  market_event_reminder_minutes: 15,
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
    await userEvent.click(screen.getByRole('checkbox', { name: 'High-impact market events: by push' }));
    await userEvent.selectOptions(screen.getByLabelText('Remind me before a live session starts'), '30');
    await userEvent.type(screen.getByLabelText('Quiet hours start'), '22:00');
    await userEvent.type(screen.getByLabelText('Quiet hours end'), '07:00');
    await userEvent.click(screen.getByRole('button', { name: 'Save preferences' }));
    expect(await screen.findByText('Notification preferences saved.')).toBeVisible();
    expect(api.sent('PUT', '/api/notifications/preferences')[0]!.body).toEqual({
      kinds: [
        { kind: 'session_starting', in_app: true, email: true, push: true },
        { kind: 'session_live', in_app: true, email: false, push: true },
        { kind: 'market_event', in_app: true, email: false, push: true },
      ],
      session_reminder_minutes: 30,
      quiet_hours_start: '22:00',
      quiet_hours_end: '07:00',
      market_event_currencies: ['USD'],
      market_event_reminder_minutes: 15,
    });
  });

  it('saves the market event currencies followed and the minutes before; a server 422 lands on the currencies', async () => {
    let refuse = false;
    const api = fakeApi({
      'GET /api/notifications/preferences': { body: { data: preferences } },
      'PUT /api/notifications/preferences': (call) =>
        refuse
          ? { status: 422, body: { message: 'Invalid.', errors: { market_event_currencies: ['Choose currencies from USD, EUR, GBP, JPY, CAD, AUD, NZD, CHF, CNY.'] } } }
          : { body: { data: { ...(call.body as object), time_zone: 'America/Toronto' } } },
    });
    renderRoute('/account/notifications', AccountNotifications);
    const group = await screen.findByRole('group', { name: 'Market event reminders' });
    expect(within(group).getByRole('checkbox', { name: 'USD (US dollar)' })).toBeChecked();
    await userEvent.click(within(group).getByRole('checkbox', { name: 'USD (US dollar)' }));
    await userEvent.click(within(group).getByRole('checkbox', { name: 'JPY (Japanese yen)' }));
    await userEvent.click(within(group).getByRole('checkbox', { name: 'EUR (Euro)' }));
    await userEvent.selectOptions(within(group).getByLabelText('Remind me before a high-impact market event'), '60');
    await userEvent.click(screen.getByRole('button', { name: 'Save preferences' }));
    expect(await screen.findByText('Notification preferences saved.')).toBeVisible();
    expect(api.sent('PUT', '/api/notifications/preferences')[0]!.body).toMatchObject({
      market_event_currencies: ['EUR', 'JPY'],
      market_event_reminder_minutes: 60,
    });

    refuse = true;
    await userEvent.click(screen.getByRole('button', { name: 'Save preferences' }));
    expect(await screen.findByText('Choose currencies from USD, EUR, GBP, JPY, CAD, AUD, NZD, CHF, CNY.')).toBeVisible();
    expect(group).toHaveAccessibleDescription('Choose currencies from USD, EUR, GBP, JPY, CAD, AUD, NZD, CHF, CNY.');
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

/** A browser with push: a service worker registration whose push manager subscribes once asked. */
function pushBrowser(permission: NotificationPermission, subscribedKey?: Uint8Array) {
  const options: PushSubscriptionOptionsInit[] = [];
  const endpoint = 'https://push.example.com/device-1';
  const subscription = {
    endpoint,
    options: { applicationServerKey: subscribedKey?.buffer ?? null },
    toJSON: () => ({ endpoint, keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) } }),
    unsubscribe: async () => {
      current = null;
      return true;
    },
  };
  let current: typeof subscription | null = subscribedKey ? subscription : null;
  const registration = {
    pushManager: {
      getSubscription: async () => current,
      subscribe: async (init: PushSubscriptionOptionsInit) => {
        options.push(init);
        subscription.options.applicationServerKey = (init.applicationServerKey as Uint8Array).buffer as ArrayBuffer;
        current = subscription;
        return subscription;
      },
    },
  };
  const withWorker = Object.create(navigator) as Navigator;
  Object.defineProperty(withWorker, 'serviceWorker', { value: { register: async () => registration, ready: Promise.resolve(registration) } });
  vi.stubGlobal('navigator', withWorker);
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', { permission: 'default', requestPermission: async () => permission });
  return { options, endpoint };
}

describe('push on this device', () => {
  const routes = {
    'GET /api/notifications/preferences': { body: { data: preferences } },
    'GET /api/notifications/push/public-key': { body: { public_key: 'A'.repeat(87) } },
    'POST /api/notifications/push/subscriptions': { status: 201, body: { data: { id: 1, endpoint: 'https://push.example.com/device-1', created_at: '2030-05-02T16:05:00.000Z' } } },
    'DELETE /api/notifications/push/subscriptions': { body: { message: 'Push notifications are off on this device.' } },
  };

  it('says so when the browser has no push support', async () => {
    fakeApi(routes);
    renderRoute('/account/notifications', AccountNotifications);
    expect(await screen.findByText(/This browser cannot receive push notifications/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Turn on push on this device' })).toBeNull();
  });

  it('asks permission, subscribes with the server\'s key and tells the server; turning off removes it', async () => {
    const browser = pushBrowser('granted');
    const api = fakeApi(routes);
    renderRoute('/account/notifications', AccountNotifications);
    expect(await screen.findByText('Push is off on this device.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Turn on push on this device' }));
    expect(await screen.findByText(/Push is on: this device shows/)).toBeVisible();
    expect(browser.options[0]!.userVisibleOnly).toBe(true);
    expect(browser.options[0]!.applicationServerKey).toHaveLength(65);
    expect(api.sent('POST', '/api/notifications/push/subscriptions')[0]!.body).toEqual({
      endpoint: browser.endpoint,
      keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Turn off push on this device' }));
    expect(await screen.findByText('Push is off on this device.')).toBeVisible();
    expect(api.sent('DELETE', '/api/notifications/push/subscriptions')[0]!.body).toEqual({ endpoint: browser.endpoint });
  });

  it('explains a refusal: blocked in the browser, or permission not given', async () => {
    pushBrowser('denied');
    const api = fakeApi(routes);
    renderRoute('/account/notifications', AccountNotifications);
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on push on this device' }));
    expect(await screen.findByText(/Notifications from this site are blocked in this browser/)).toBeVisible();
    expect(api.sent('POST', '/api/notifications/push/subscriptions')).toHaveLength(0);

    pushBrowser('default');
    renderRoute('/account/notifications', AccountNotifications);
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on push on this device' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Push stays off: the browser did not get your permission to show notifications.');
  });

  it('shows push on when this browser is subscribed with the server\'s key, and off when the key was replaced', async () => {
    fakeApi(routes);
    pushBrowser('granted', new Uint8Array(65));
    renderRoute('/account/notifications', AccountNotifications);
    expect(await screen.findByText(/Push is on: this device shows/)).toBeVisible();

    pushBrowser('granted', new Uint8Array(65).fill(9));
    renderRoute('/account/notifications', AccountNotifications);
    expect(await screen.findByText('Push is off on this device.')).toBeVisible();
  });
});
