import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TimesNote } from './times-note';

describe('TimesNote', () => {
  it('names Toronto time for trade times, and another zone by its name', () => {
    const { unmount } = render(<TimesNote />);
    expect(screen.getByText('Times are Toronto time (America/Toronto).')).toBeVisible();
    unmount();
    render(<TimesNote zone="America/New_York" />);
    expect(screen.getByText('Times are in America/New_York.')).toBeVisible();
  });
});
