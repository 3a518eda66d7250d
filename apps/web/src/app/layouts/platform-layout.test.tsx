import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { fakeApi, profile, renderRoute } from '../routes/account-test-harness';
import { Component } from './platform-layout';

/** The layout around two pages, so that following a sidebar link keeps the layout mounted. */
function renderLayout() {
  queryClient.clear();
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: true, media: query, addEventListener: () => {}, removeEventListener: () => {} }));
  const router = createMemoryRouter(
    [{ path: '/', Component, children: [{ path: 'dashboard', element: <h1>Dashboard page</h1> }, { path: 'courses', element: <h1>Courses page</h1> }] }],
    { initialEntries: ['/dashboard'] },
  );
  return render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

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

  it('[P16] lists Scanners and Statistics as coming soon, not as links; the launched Risk Manager is a link', async () => {
    fakeApi({ 'GET /api/me': { body: { data: profile() } } });
    renderLayout();
    const sections = await screen.findByRole('navigation', { name: 'Sections' });
    expect(within(sections).getByRole('link', { name: /Risk Manager/ })).toHaveAttribute('href', '/risk');
    for (const label of ['Scanners', 'Statistics']) {
      const item = within(sections).getByText(label);
      expect(item.closest('[aria-disabled="true"]')).toHaveTextContent(`${label}Soon`);
      expect(within(sections).queryByRole('link', { name: new RegExp(label) })).toBeNull();
    }
  });

  it('lists Community in the sidebar, linking to /community', async () => {
    fakeApi({ 'GET /api/me': { body: { data: profile() } } });
    renderLayout();
    const sections = await screen.findByRole('navigation', { name: 'Sections' });
    expect(within(sections).getByRole('link', { name: /Community/ })).toHaveAttribute('href', '/community');
  });

  it('[P19] closes the phone sidebar and releases the scroll lock when the route changes', async () => {
    fakeApi({ 'GET /api/me': { body: { data: profile() } } });
    renderLayout();
    await userEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    document.body.style.overflow = 'hidden';
    await userEvent.click(within(screen.getByRole('navigation', { name: 'Sections' })).getByRole('link', { name: /Education Courses/ }));
    expect(await screen.findByRole('heading', { name: 'Courses page' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
    expect(document.body.style.overflow).toBe('');
  });
});
