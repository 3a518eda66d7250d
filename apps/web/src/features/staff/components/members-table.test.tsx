import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MembersTable } from './members-table';
import { renderWithClient } from '../../../../test/render';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const EMPTY = { data: [], meta: { page: 1, per_page: 25, total: 0, total_pages: 1 } };

/** The members list; `answer` replies to each GET /api/staff/members with its query. */
function renderTable(answer: (query: URLSearchParams) => Response) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => answer(new URL(String(input), 'http://app.test').searchParams));
  vi.stubGlobal('fetch', fetch);
  renderWithClient(<MembersTable />);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('members search', () => {
  it('asks for the typed search, trimmed, and the chosen status', async () => {
    const fetch = renderTable(() => json(EMPTY));
    await screen.findByText('No members match this search.');
    await userEvent.type(screen.getByLabelText('Search'), '  ana  ');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Suspended');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    const query = new URL(String(fetch.mock.calls[1]![0]), 'http://app.test').searchParams;
    expect([query.get('search'), query.get('status'), query.get('page')]).toEqual(['ana', 'suspended', '1']);
  });

  it('puts a server 422 on its field', async () => {
    const message = 'Searches are limited to 191 characters.';
    renderTable((query) => (query.get('search') ? json({ message, errors: { search: [message] } }, 422) : json(EMPTY)));
    await screen.findByText('No members match this search.');
    await userEvent.type(screen.getByLabelText('Search'), 'ana');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.getByLabelText('Search')).toHaveAccessibleDescription(message));
  });
});
