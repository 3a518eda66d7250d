/**
 * Course and lesson artwork for the demo content, drawn as small inline SVG images so the
 * embedded default needs no image host: a candlestick chart in the course's colour.
 */
export function chartArtwork(hue: number, seed: number): string {
  let price = 120;
  let state = seed;
  const random = () => {
    // A tiny deterministic generator: the same picture on every start.
    state = (state * 9301 + 49297) % 233280;
    return state / 233280;
  };
  const candles: string[] = [];
  for (let i = 0; i < 28; i += 1) {
    const open = price;
    const close = Math.max(40, Math.min(200, open + (random() - 0.45) * 22));
    const high = Math.max(open, close) + random() * 10;
    const low = Math.min(open, close) - random() * 10;
    const x = 40 + i * 26;
    const up = close >= open;
    const colour = up ? `hsl(${hue} 80% 60%)` : 'hsl(0 0% 70%)';
    const top = 260 - Math.max(open, close);
    const height = Math.max(2, Math.abs(close - open));
    candles.push(
      `<line x1="${x + 6}" y1="${(260 - high).toFixed(1)}" x2="${x + 6}" y2="${(260 - low).toFixed(1)}" stroke="${colour}" stroke-width="2"/>` +
        `<rect x="${x}" y="${top.toFixed(1)}" width="12" height="${height.toFixed(1)}" rx="2" fill="${colour}"/>`,
    );
    price = close;
  }
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 300">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="hsl(${hue} 60% 18%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360} 55% 9%)"/>` +
    `</linearGradient></defs><rect width="800" height="300" fill="url(#g)"/>` +
    `<g stroke="hsl(${hue} 30% 40%)" stroke-opacity="0.35">` +
    [60, 120, 180, 240].map((y) => `<line x1="0" y1="${y}" x2="800" y2="${y}"/>`).join('') +
    `</g>${candles.join('')}</svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
