import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithClient } from '../../../../test/render';
import { stubEveryCall } from '../../../../test/fetch-stub';
import { PlaybookForm } from './playbook-form';

afterEach(() => vi.unstubAllGlobals());

describe('PlaybookForm', () => {
  it('refuses a name over 60 characters before sending', async () => {
    const calls = stubEveryCall(201, {});
    renderWithClient(<PlaybookForm playbook={null} />);
    await userEvent.type(screen.getByLabelText('Name'), 'x'.repeat(61));
    await userEvent.click(screen.getByRole('button', { name: 'Create playbook' }));
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name is limited to 60 characters.'));
    expect(calls).toEqual([]);
  });

  it('puts a server 422 (a taken name) on the Name field', async () => {
    const calls = stubEveryCall(422, { message: 'You already have a playbook with this name.', errors: { name: ['You already have a playbook with this name.'] } });
    renderWithClient(<PlaybookForm playbook={null} />);
    await userEvent.type(screen.getByLabelText('Name'), 'ORB');
    await userEvent.type(screen.getByLabelText('Rule 1'), 'Wait for the range');
    await userEvent.click(screen.getByRole('button', { name: 'Add rule' }));
    await userEvent.type(screen.getByLabelText('Rule 2'), 'Stop under the range');
    await userEvent.click(screen.getByRole('button', { name: 'Move rule 2 up' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create playbook' }));
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('You already have a playbook with this name.'));
    const sent = calls.find((call) => call.url.endsWith('/api/playbooks'));
    expect(sent?.body).toEqual({ name: 'ORB', description: null, rules: [{ id: '', text: 'Stop under the range' }, { id: '', text: 'Wait for the range' }] });
  });

  it('puts a rule’s 422 on that rule', async () => {
    stubEveryCall(422, { message: 'Each rule is limited to 200 characters.', errors: { 'rules.0.text': ['Each rule is limited to 200 characters.'] } });
    renderWithClient(<PlaybookForm playbook={null} />);
    await userEvent.type(screen.getByLabelText('Name'), 'ORB');
    await userEvent.type(screen.getByLabelText('Rule 1'), 'Wait');
    await userEvent.click(screen.getByRole('button', { name: 'Create playbook' }));
    await waitFor(() => expect(screen.getByLabelText('Rule 1')).toHaveAccessibleDescription('Each rule is limited to 200 characters.'));
  });
});
