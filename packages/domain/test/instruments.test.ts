import { describe, it, expect } from 'vitest';
import {
  DEFAULT_INSTRUMENT_EMOJI,
  INSTRUMENT_SYMBOLS,
  canonicalInstrument,
  contractSize,
  instrumentEmoji,
  valuePerPoint,
} from '../src/instruments.ts';

describe('instruments', () => {
  it('[T115] has an emoji for each of the nine instruments the spec lists', () => {
    expect(new Set(INSTRUMENT_SYMBOLS)).toEqual(new Set(['NAS100', 'SPX', 'US30', 'XAUUSD', 'XAGUSD', 'GER40', 'UK100', 'BTCUSD', 'ETHUSD']));
    expect(instrumentEmoji('NAS100')).toBe('🇺🇸');
    expect(instrumentEmoji('XAUUSD')).toBe('🥇');
    expect(instrumentEmoji('XAGUSD')).toBe('🥈');
    expect(instrumentEmoji('GER40')).toBe('🇩🇪');
    expect(instrumentEmoji('UK100')).toBe('🇬🇧');
    expect(instrumentEmoji('BTCUSD')).toBe('₿');
    for (const symbol of INSTRUMENT_SYMBOLS) {
      expect(instrumentEmoji(symbol)).not.toBe(DEFAULT_INSTRUMENT_EMOJI);
    }
  });
  it('understands broker spellings', () => {
    expect(canonicalInstrument('nas100.cash')).toBe('NAS100');
    expect(canonicalInstrument('US100')).toBe('NAS100');
    expect(canonicalInstrument('XAU/USD')).toBe('XAUUSD');
    expect(canonicalInstrument('US30m')).toBe('US30');
    expect(canonicalInstrument('DE40')).toBe('GER40');
    expect(canonicalInstrument('EURUSD')).toBeNull();
    expect(canonicalInstrument(null)).toBeNull();
  });
  it('falls back for unknown instruments', () => {
    expect(instrumentEmoji('EURUSD')).toBe(DEFAULT_INSTRUMENT_EMOJI);
    expect(valuePerPoint('EURUSD')).toBeNull();
  });
  it('gives contract figures for risk math', () => {
    expect(valuePerPoint('NAS100')).toBe(1);
    expect(valuePerPoint('XAUUSD')).toBe(100);
    expect(contractSize('XAGUSD')).toBe(5000);
  });
});
