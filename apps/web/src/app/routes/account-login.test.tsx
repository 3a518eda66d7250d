import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Component } from './account-login';
import { renderRoute } from './account-test-harness';

describe('Sign In route', () => {
  it('[P39] asks for email and password, links to Forgot your password, and offers the Introductory Plan beside', async () => {
    renderRoute('/account/login', Component);
    const form = await screen.findByRole('form', { name: 'Sign in' });
    expect(within(form).getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(within(form).getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(within(form).getByRole('link', { name: 'Forgot your password' })).toHaveAttribute('href', '/password/request');

    const joinUs = screen.getByRole('complementary', { name: 'Join us' });
    expect(within(joinUs).getByRole('heading', { name: 'Join us' })).toBeInTheDocument();
    const plan = within(joinUs).getByRole('article', { name: 'Founding Member' });
    expect(plan).toHaveTextContent('Introductory Plan');
    expect(plan).toHaveTextContent('$50/ month, billed annually');
    expect(within(plan).getByRole('link', { name: 'Join now' })).toHaveAttribute('href', '/join');
  });
});
