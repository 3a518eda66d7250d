import { render, screen, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { RiskManagerTeaser } from './risk-manager-teaser';

afterEach(() => vi.unstubAllGlobals());

it('shows the six planned features and the launch block without calling the API', () => {
  const fetch = vi.fn();
  vi.stubGlobal('fetch', fetch);
  render(<RiskManagerTeaser />);
  expect(screen.getByText('Coming Soon')).toBeInTheDocument();
  const cards = within(screen.getByRole('list')).getAllByRole('heading').map((h) => h.textContent);
  expect(cards).toEqual([
    'Position size calculator',
    'R-multiple targets',
    'Daily and session limits',
    'Presets',
    'Linked accounts',
    'Review and compliance',
  ]);
  expect(screen.getByRole('region', { name: 'Launching Soon' })).toBeInTheDocument();
  expect(fetch).not.toHaveBeenCalled();
});
