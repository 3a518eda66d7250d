import { describe, expect, it } from 'vitest';
import { readTokens } from '../../src/modules/broker/tradelocker/readers.ts';

describe('TradeLocker token answers', () => {
  it.each(['accessToken', 'access_token', 'token', 'jwt', 'access'])(
    'read the access token named %s (platform §5), with the refresh token',
    (name) => {
      const tokens = readTokens({ [name]: 'A1', refreshToken: 'R1', expireDate: '2026-11-26T13:00:00Z' }, 0);
      expect(tokens).toMatchObject({ accessToken: 'A1', refreshToken: 'R1', expiresAt: Date.parse('2026-11-26T13:00:00Z') });
    },
  );

  it('refuse an answer without any access token', () => {
    expect(() => readTokens({ refreshToken: 'R1' }, 0)).toThrow();
  });
});
