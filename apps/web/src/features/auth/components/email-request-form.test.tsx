import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '@/lib/api-client';
import { EmailRequestForm } from './email-request-form';

function renderForm(onSubmit: (email: string) => Promise<unknown>, requiredMessage = 'Please enter an email address.') {
  render(
    <EmailRequestForm
      title="Send Invite"
      intro="Enter the email address you bought your membership with."
      submitLabel="Send invite"
      requiredMessage={requiredMessage}
      successMessage="Invitation email sent!"
      failureMessage="Unable to send invite. Please try again."
      onSubmit={onSubmit}
      footer={null}
    />,
  );
  return screen.getByRole('form', { name: 'Send Invite' });
}

describe('the e-mail request form (Forgot Password, Send Invite)', () => {
  it.each(['Please enter an email address.', 'Please enter your email address.'])(
    '[P27] [P45] says its own words for a blank address, "%s", and sends nothing',
    async (requiredMessage) => {
      const onSubmit = vi.fn(async () => undefined);
      const form = renderForm(onSubmit, requiredMessage);
      await userEvent.click(within(form).getByRole('button', { name: 'Send invite' }));
      expect(await within(form).findByRole('alert')).toHaveTextContent(requiredMessage);
      expect(within(form).getByLabelText('Email')).toHaveAccessibleDescription(requiredMessage);
      expect(onSubmit).not.toHaveBeenCalled();
    },
  );

  it('sends the trimmed address and confirms', async () => {
    const onSubmit = vi.fn(async () => undefined);
    const form = renderForm(onSubmit);
    await userEvent.type(within(form).getByLabelText('Email'), '  maya@example.com ');
    await userEvent.click(within(form).getByRole('button', { name: 'Send invite' }));
    expect(await within(form).findByText('Invitation email sent!')).toBeInTheDocument();
    expect(onSubmit).toHaveBeenCalledWith('maya@example.com');
  });

  it('puts a server 422 on its field and says it under the form', async () => {
    const message = 'We can’t find a user with that email address.';
    const form = renderForm(async () => {
      throw new ApiError(422, message, { email: [message] }, { message, errors: { email: [message] } });
    });
    await userEvent.type(within(form).getByLabelText('Email'), 'maya@example.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Send invite' }));
    await waitFor(() => expect(within(form).getByLabelText('Email')).toHaveAccessibleDescription(message));
    expect(within(form).getByRole('alert')).toHaveTextContent(message);
  });

  it.each([
    [new ApiError(500, null, {}, {}), 'Request failed (500)'],
    [new NetworkError('offline'), 'Unable to send invite. Please try again.'],
  ])('[P52] words a failure without a message: %s', async (failure, message) => {
    const form = renderForm(async () => {
      throw failure;
    });
    await userEvent.type(within(form).getByLabelText('Email'), 'maya@example.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Send invite' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(message);
  });
});
