import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import { fakeApi, profile, renderRoute } from './account-test-harness';
import { Component } from './community';

it('says so when the member is suspended from the community', async () => {
  fakeApi({
    'GET /api/me': { body: { data: profile() } },
    'GET /api/community/channels': { status: 403, body: { message: 'You are suspended from the community: you can no longer read or post here.' } },
  });
  renderRoute('/community', Component, '/community');
  expect(await screen.findByRole('alert')).toHaveTextContent('You are suspended from the community: you can no longer read or post here.');
  expect(screen.getByRole('heading', { name: 'Community', level: 1 })).toBeInTheDocument();
});

it('searches the posts the member can read: 2 characters at least, each result opening its thread', async () => {
  const api = fakeApi({
    'GET /api/me': { body: { data: profile({ timezone: 'Europe/London' }) } },
    'GET /api/community/channels': { body: { data: [] } },
    'GET /api/community/search': {
      body: {
        data: {
          page: 1,
          has_more: false,
          hits: [
            {
              post_id: 12,
              thread_id: 7,
              channel: { name: 'Futures', slug: 'futures' },
              author: { id: 'u-2', name: 'Coach Sam' },
              mentor: true,
              reply: true,
              excerpt: 'Wait for the breakout retest.',
              created_at: '2026-10-30T14:00:00.000Z',
              hidden: false,
            },
          ],
        },
      },
    },
  });
  const user = userEvent.setup();
  renderRoute('/community', Component, '/community');
  const search = await screen.findByRole('search', { name: 'Search posts' });
  await user.type(within(search).getByLabelText('Search posts'), 'b');
  await user.click(within(search).getByRole('button', { name: 'Search' }));
  expect(await within(search).findByText('Type at least 2 characters to search.')).toBeInTheDocument();
  expect(api.sent('GET', '/api/community/search')).toHaveLength(0);

  await user.type(within(search).getByLabelText('Search posts'), 'reak');
  await user.click(within(search).getByRole('button', { name: 'Search' }));
  const results = await screen.findByRole('list', { name: 'Search results' });
  expect(api.sent('GET', '/api/community/search')[0]!.query).toEqual({ q: 'break', page: '1' });
  expect(within(results).getByRole('link', { name: 'Reply by Coach Sam in #Futures' })).toHaveAttribute('href', '/community/futures?thread=7');
  expect(within(results).getByText('Wait for the breakout retest.')).toBeInTheDocument();
  expect(within(results).getByText('Oct 30, 2026, 2:00 PM GMT')).toBeInTheDocument();
});
