import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubEveryCall } from '../../../../test/fetch-stub';
import { LinkWizard } from './link-wizard';
import { renderWithClient } from '../../../../test/render';

afterEach(() => vi.unstubAllGlobals());

/** Answers the XSRF cookie call and POST /api/trading-accounts/discover with the given status and body. */
function stubDiscover(status: number, body: unknown) {
  return stubEveryCall(status, body);
}

function renderWizard() {
  renderWithClient(<LinkWizard membershipActive reactivate={null} onCancel={() => {}} onLinked={() => {}} />);
}

async function fillCredentials(server: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('radio', { name: /TradeLocker/ }));
  await user.click(screen.getByRole('checkbox'));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await user.type(screen.getByLabelText('Email'), ' demo@broker.test ');
  await user.type(screen.getByLabelText('Password'), 'demo-pass');
  await user.type(screen.getByLabelText('Server'), server);
  await user.click(screen.getByRole('radio', { name: 'Demo' }));
  await user.click(screen.getByRole('button', { name: 'Discover Accounts' }));
}

describe('LinkWizard credentials', () => {
  it('sends the login as the discovery request, trimmed', async () => {
    const calls = stubDiscover(200, { tokens: { accessToken: 'a', refreshToken: 'r' }, accounts: [] });
    renderWizard();
    await fillCredentials(' SIM-DEMO ');
    await screen.findByRole('button', { name: 'Link Selected' });
    const discover = calls.find((call) => call.url.endsWith('/api/trading-accounts/discover'));
    expect(discover?.body).toEqual({ email: 'demo@broker.test', password: 'demo-pass', server: 'SIM-DEMO', accountType: 'demo' });
  });

  it('puts a server 422 on its field and keeps what the member typed', async () => {
    const message = 'Enter your TradeLocker server.';
    stubDiscover(422, { message, errors: { server: [message] } });
    renderWizard();
    await fillCredentials('SIM-NOWHERE');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('heading', { name: 'Enter your TradeLocker details' })).toBeInTheDocument();
    expect(screen.getByLabelText('Server')).toHaveAccessibleDescription(message);
    expect(screen.getByLabelText('Server')).toHaveValue('SIM-NOWHERE');
    expect(screen.getByRole('radio', { name: 'Demo' })).toBeChecked();
  });
});
