import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
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
});
