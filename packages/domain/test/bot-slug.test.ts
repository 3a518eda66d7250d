import { describe, it, expect } from 'vitest';
import {
  botSlug,
  decodeBase64Url,
  encodeBase64Url,
  parseBotSlug,
  slugifyBotName,
} from '../src/bot-slug.ts';

describe('base64url', () => {
  it('matches the standard encoding without padding', () => {
    for (const text of [
      '',
      'f',
      'fo',
      'foo',
      'foob',
      'fooba',
      'foobar',
      '42',
      'ünïcödé ✓',
      '???>>>',
    ]) {
      const expected = Buffer.from(text, 'utf8').toString('base64url');
      expect(encodeBase64Url(text)).toBe(expected);
      expect(decodeBase64Url(expected)).toBe(text);
    }
  });
  it('rejects malformed input', () => {
    expect(decodeBase64Url('a')).toBeNull();
    expect(decodeBase64Url('ab+c')).toBeNull();
    expect(decodeBase64Url('Zm9v=')).toBeNull();
    // 'Zh' has stray low bits; only 'Zg' is the canonical form of 'f'.
    expect(decodeBase64Url('Zh')).toBeNull();
    // Not valid UTF-8.
    expect(decodeBase64Url('_w')).toBeNull();
  });
});

describe('[T3] botSlug', () => {
  it('joins the readable name and the encoded id', () => {
    expect(botSlug({ id: 42, label: 'Morning ORB — NAS100!' })).toBe('morning-orb-nas100~NDI');
    expect(botSlug({ id: 'b1', name: 'Café Bot' })).toBe('cafe-bot~YjE');
    expect(botSlug({ id: 'b1', label: '***' })).toBe('bot~YjE');
    expect(slugifyBotName(null)).toBe('bot');
    expect(slugifyBotName('x'.repeat(100))).toHaveLength(60);
  });
  it('round-trips ids', () => {
    for (const id of ['1', '42', '9f1c2e4a-1b2c-4d5e-8f90-123456789abc', 'bot/with~tilde', 'ß']) {
      expect(parseBotSlug(botSlug({ id, label: 'Any name' }))).toBe(id);
    }
    expect(parseBotSlug(botSlug({ id: 7 }))).toBe('7');
  });
  it('ignores the name part', () => {
    expect(parseBotSlug('renamed-bot~NDI')).toBe('42');
    expect(parseBotSlug('a~b~NDI')).toBe('42');
    expect(parseBotSlug('~NDI')).toBe('42');
    expect(parseBotSlug('morning-orb%7ENDI')).toBe('42');
  });
  it('accepts a bare id', () => {
    expect(parseBotSlug('42')).toBe('42');
    expect(parseBotSlug('9f1c2e4a-1b2c-4d5e-8f90-123456789abc')).toBe(
      '9f1c2e4a-1b2c-4d5e-8f90-123456789abc',
    );
  });
  it('rejects missing or broken slugs', () => {
    expect(parseBotSlug('')).toBeNull();
    expect(parseBotSlug(null)).toBeNull();
    expect(parseBotSlug('name~')).toBeNull();
    expect(parseBotSlug('name~a')).toBeNull();
    expect(parseBotSlug('has space')).toBeNull();
    expect(parseBotSlug('name~IA')).toBeNull(); // decodes to a single space
  });
});
