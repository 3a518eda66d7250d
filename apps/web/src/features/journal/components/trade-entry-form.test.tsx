import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { jsonResponse } from '../../../../test/fetch-stub';
import { renderWithClient } from '../../../../test/render';
import { tradeFixture } from '../../../../test/trade-fixture';
import { TradeEntryForm } from './trade-entry-form';

describe('TradeEntryForm', () => {
  it('[T100] sends empty fields as null and the read-only session', async () => {
    const onSave = vi.fn(async () => undefined);
    renderWithClient(<TradeEntryForm trade={tradeFixture({ session: 'New York' })} entry={undefined} saving={false} error={null} onSave={onSave} onCancel={() => {}} />);
    await userEvent.type(screen.getByLabelText('Market condition'), '  Range ');
    await userEvent.click(screen.getByLabelText('Risk managed'));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledOnce());
    expect(onSave).toHaveBeenCalledWith({
      outcome: null,
      notes: null,
      context: { session: 'New York', marketCondition: 'Range', news: null },
      emotions: { before: null, during: null, after: null },
      checklist: { planAligned: false, riskManaged: true, scalingRules: false },
      labels: [],
      playbook_id: null,
      rules_followed: [],
    });
  });

  it('puts a server 422 on its field, nested ones too', async () => {
    const failure = new ApiError(422, 'Outcome is limited to 200 characters.', { outcome: ['Outcome is limited to 200 characters.'], 'context.news': ['News catalyst is limited to 500 characters.'] }, null);
    const onSave = vi.fn(async () => Promise.reject(failure));
    renderWithClient(<TradeEntryForm trade={tradeFixture()} entry={undefined} saving={false} error={null} onSave={onSave} onCancel={() => {}} />);
    await userEvent.type(screen.getByLabelText('Outcome'), 'Early exit');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.getByLabelText('Outcome')).toHaveAccessibleDescription('Outcome is limited to 200 characters.'));
    expect(screen.getByLabelText('News catalyst')).toHaveAccessibleDescription('News catalyst is limited to 500 characters.');
  });

  describe('playbook', () => {
    afterEach(() => vi.unstubAllGlobals());
    const playbooks = {
      data: [
        { id: '7', name: 'ORB', description: null, trades: 0, updated_at: '2026-01-05T00:00:00Z', rules: [{ id: 'a1', text: 'Wait for the range' }, { id: 'b2', text: 'Stop under the range' }] },
        { id: '8', name: 'Fade', description: null, trades: 0, updated_at: '2026-01-05T00:00:00Z', rules: [{ id: 'c3', text: 'Fade at the level' }] },
      ],
    };

    it('assigns a playbook and sends the rules ticked; another playbook starts unticked', async () => {
      vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(playbooks)));
      const onSave = vi.fn(async () => undefined);
      renderWithClient(<TradeEntryForm trade={tradeFixture()} entry={undefined} saving={false} error={null} onSave={onSave} onCancel={() => {}} />);
      await userEvent.click(screen.getByLabelText('Playbook'));
      await userEvent.selectOptions(screen.getByLabelText('Playbook'), await screen.findByRole('option', { name: 'Fade' }));
      await userEvent.click(screen.getByLabelText('Fade at the level'));
      await userEvent.selectOptions(screen.getByLabelText('Playbook'), 'ORB');
      expect(screen.queryByLabelText('Fade at the level')).toBeNull();
      expect(screen.getByLabelText('Wait for the range')).not.toBeChecked();
      await userEvent.click(screen.getByLabelText('Stop under the range'));
      await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
      await waitFor(() => expect(onSave).toHaveBeenCalledOnce());
      expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ playbook_id: '7', rules_followed: ['b2'] }));
    });

    it('puts a server 422 on the Playbook field', async () => {
      vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(playbooks)));
      const failure = new ApiError(422, 'Choose a playbook from the list.', { playbook_id: ['Choose a playbook from the list.'] }, null);
      const onSave = vi.fn(async () => Promise.reject(failure));
      renderWithClient(<TradeEntryForm trade={tradeFixture()} entry={undefined} saving={false} error={null} onSave={onSave} onCancel={() => {}} />);
      await userEvent.click(screen.getByLabelText('Playbook'));
      await userEvent.selectOptions(screen.getByLabelText('Playbook'), await screen.findByRole('option', { name: 'ORB' }));
      await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
      await waitFor(() => expect(screen.getByLabelText('Playbook')).toHaveAccessibleDescription('Choose a playbook from the list.'));
    });
  });
});
