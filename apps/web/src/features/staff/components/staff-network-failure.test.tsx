import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CreateMemberForm } from './create-member-form';
import { MembersTable } from './members-table';

/** Staff screens when the network is down: a message in words, never a crashed page. */
function renderOffline(ui: ReactNode) {
  document.cookie = 'XSRF-TOKEN=test-xsrf';
  vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('staff screens offline', () => {
  it('the members list says it could not load them', async () => {
    renderOffline(<MembersTable />);
    expect(await screen.findByText('Unable to load members.')).toBeInTheDocument();
  });

  it('creating a member says it could not', async () => {
    renderOffline(<CreateMemberForm />);
    await userEvent.type(screen.getByLabelText(/Email/), 'new@example.com');
    await userEvent.type(screen.getByLabelText(/First name/), 'Ana');
    await userEvent.type(screen.getByLabelText(/Last name/), 'Ruiz');
    await userEvent.click(screen.getByRole('button', { name: /Create/ }));
    expect(await screen.findByText('Unable to create the member.')).toBeInTheDocument();
  });
});
