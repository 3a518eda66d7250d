/** Players a lesson may embed; the server and the member's viewer keep the same list. */
export const EMBED_HOSTS = ['www.youtube-nocookie.com', 'www.youtube.com', 'player.vimeo.com', 'www.tradingview.com'];

/**
 * The frame address for a link staff paste: YouTube and Vimeo watch links become their player
 * addresses; TradingView widget addresses pass as they are. Anything else is refused (null).
 */
export function embedAddress(input: string): string | null {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:') return null;
  const host = url.hostname.replace(/^m\./, 'www.');
  if (host === 'youtu.be' && url.pathname.length > 1) return `https://www.youtube-nocookie.com/embed${url.pathname}`;
  if ((host === 'www.youtube.com' || host === 'youtube.com') && url.searchParams.get('v')) {
    return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(url.searchParams.get('v')!)}`;
  }
  if (host === 'vimeo.com' && /^\/\d+$/.test(url.pathname)) return `https://player.vimeo.com/video${url.pathname}`;
  return EMBED_HOSTS.includes(host) ? `https://${host}${url.pathname}${url.search}` : null;
}

/** Tags the visual editor cannot keep; lessons using them open in HTML mode. */
export function needsHtmlMode(html: string): boolean {
  return /<(table|img|figure|figcaption|div|span|h5)\b/i.test(html);
}
