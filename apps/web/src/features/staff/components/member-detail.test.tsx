import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaffMemberDetail } from '@th/contracts';
import { MemberDetail } from './member-detail';
import { renderWithClient } from '../../../../test/render';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const MEMBER: StaffMemberDetail = {
  id: 'm-1',
  name: 'Ana Ruiz',
  email: 'ana@example.com',
  status: 'active',
  suspended_reason: null,
  plan: 'trader',
  subscription_status: 'active',
  vendor: 'skool',
  last_login: null,
  linked_accounts: 0,
  roles: [],
  permissions: [],
  invite_pending: false,
  created_at: '2026-01-05T15:00:00.000Z',
  first_name: 'Ana',
  last_name: 'Ruiz',
  phone: null,
  subscription: { vendor: 'skool', plan_key: 'trader', plan_name: 'Trader', status: 'active', current_period_end: null, stripe_subscription_id: null },
};

/** The member's page; `write` answers its PATCH and PUT calls. */
function renderDetail(write: (init: RequestInit) => Response) {
  document.cookie = 'XSRF-TOKEN=test-xsrf';
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = new URL(String(input), 'http://app.test').pathname;
    if (init.method && init.method !== 'GET') return write(init);
    if (path === '/api/staff/members/m-1') return json({ data: MEMBER });
    return json({ data: [], meta: { page: 1, total_pages: 1, total: 0 } });
  });
  vi.stubGlobal('fetch', fetch);
  renderWithClient(<MemberDetail id="m-1" canManageRoles={false} />);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('member detail forms', () => {
  it('asks for a reason before suspending, with the server schema message', async () => {
    const fetch = renderDetail(() => json({}, 500));
    await userEvent.click(await screen.findByRole('button', { name: 'Suspend member' }));
    expect(await screen.findByLabelText('Reason for suspending')).toHaveAccessibleDescription('Give a reason for suspending this member.');
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
  });

  it('puts a server 422 on its field and sends the renewal day as an instant', async () => {
    const message = 'Enter the renewal date and time.';
    const fetch = renderDetail(() => json({ message, errors: { current_period_end: [message] } }, 422));
    await userEvent.type(await screen.findByLabelText('Renews on'), '2026-12-01');
    await userEvent.click(screen.getByRole('button', { name: 'Save membership' }));
    await waitFor(() => expect(screen.getByLabelText('Renews on')).toHaveAccessibleDescription(message));
    const sent = fetch.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(sent[1]!.body))).toEqual({ vendor: 'skool', plan_key: 'trader', status: 'active', current_period_end: '2026-12-01T00:00:00.000Z' });
  });
});
