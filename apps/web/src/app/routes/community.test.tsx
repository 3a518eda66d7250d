import { screen } from '@testing-library/react';
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
