import { describe, expect, it } from 'vitest';
import { embedAddress, needsHtmlMode } from './embed';

describe('embedAddress', () => {
  it('turns watch links into player addresses and keeps TradingView widgets', () => {
    expect(embedAddress('https://www.youtube.com/watch?v=abc123')).toBe('https://www.youtube-nocookie.com/embed/abc123');
    expect(embedAddress('https://youtu.be/abc123')).toBe('https://www.youtube-nocookie.com/embed/abc123');
    expect(embedAddress('https://vimeo.com/76979871')).toBe('https://player.vimeo.com/video/76979871');
    const chart = 'https://www.tradingview.com/widgetembed/?symbol=CME_MINI%3AES1%21&interval=5&theme=dark';
    expect(embedAddress(chart)).toBe(chart);
  });

  it('refuses other hosts, plain http and text', () => {
    expect(embedAddress('https://evil.example/embed/x')).toBeNull();
    expect(embedAddress('http://www.youtube.com/watch?v=abc')).toBeNull();
    expect(embedAddress('javascript:alert(1)')).toBeNull();
    expect(embedAddress('not a link')).toBeNull();
  });
});

describe('needsHtmlMode', () => {
  it('flags tables and images the visual editor would drop', () => {
    expect(needsHtmlMode('<table><tr><td>1</td></tr></table>')).toBe(true);
    expect(needsHtmlMode('<p>Plain <strong>text</strong></p><iframe src="x"></iframe>')).toBe(false);
  });
});
