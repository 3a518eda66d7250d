import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CreateMemberForm } from './create-member-form';
import { renderWithClient } from '../../../../test/render';

function renderForm(answer: () => Response) {
  document.cookie = 'XSRF-TOKEN=test-xsrf';
  const fetch = vi.fn(async () => answer());
  vi.stubGlobal('fetch', fetch);
  renderWithClient(<CreateMemberForm />);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('create member form', () => {
  it('checks the fields with the server schema before sending', async () => {
    const fetch = renderForm(() => new Response(null, { status: 500 }));
    await userEvent.click(screen.getByRole('button', { name: 'Create and send invite' }));
    expect(await screen.findByLabelText('Email')).toHaveAccessibleDescription('Please enter your email address.');
    expect(screen.getByLabelText('First name')).toHaveAccessibleDescription('Enter a name.');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('puts a server 422 on its field', async () => {
    const message = 'A member with this email already exists.';
    renderForm(() => new Response(JSON.stringify({ message, errors: { email: [message] } }), { status: 422, headers: { 'content-type': 'application/json' } }));
    await userEvent.type(screen.getByLabelText('Email'), 'taken@example.com');
    await userEvent.type(screen.getByLabelText('First name'), 'Ana');
    await userEvent.type(screen.getByLabelText('Last name'), 'Ruiz');
    await userEvent.click(screen.getByRole('button', { name: 'Create and send invite' }));
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(message));
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });
});
