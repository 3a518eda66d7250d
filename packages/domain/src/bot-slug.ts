/**
 * Bot URLs: /alphaorb/bots/{readable-name}~{base64url(id)}. The name part is for people;
 * only the part after the tilde identifies the bot, so renaming never breaks a link.
 * Base64 is done by hand because this runs in both Node and the browser.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** URL-safe base64 of the UTF-8 bytes, without padding. */
export function encodeBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i] ?? 0;
    const b = bytes[i + 1] ?? 0;
    const c = bytes[i + 2] ?? 0;
    const triple = (a << 16) | (b << 8) | c;
    const chars = i + 1 >= bytes.length ? 2 : i + 2 >= bytes.length ? 3 : 4;
    for (let k = 0; k < chars; k += 1) out += ALPHABET[(triple >> (18 - 6 * k)) & 63];
  }
  return out;
}

/** Inverse of encodeBase64Url; null for text that is not canonical unpadded base64url UTF-8. */
export function decodeBase64Url(encoded: string): string | null {
  if (!/^[A-Za-z0-9_-]*$/.test(encoded) || encoded.length % 4 === 1) return null;
  const bytes: number[] = [];
  for (let i = 0; i < encoded.length; i += 4) {
    const chunk = encoded.slice(i, i + 4);
    let triple = 0;
    for (let k = 0; k < 4; k += 1) {
      const char = chunk[k];
      triple = (triple << 6) | (char === undefined ? 0 : ALPHABET.indexOf(char));
    }
    bytes.push((triple >> 16) & 255);
    if (chunk.length > 2) bytes.push((triple >> 8) & 255);
    if (chunk.length > 3) bytes.push(triple & 255);
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array(bytes));
  } catch {
    return null;
  }
  // Stray low bits in the last character would decode too; only the canonical form counts.
  return encodeBase64Url(text) === encoded ? text : null;
}

/** "Morning ORB — NAS100!" → "morning-orb-nas100"; 'bot' when nothing readable remains. */
export function slugifyBotName(name: string | null | undefined): string {
  const slug = (name ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'bot';
}

export interface BotSlugSource {
  id: string | number;
  label?: string | null;
  name?: string | null;
}

/** The canonical slug of a bot: slugified label (else name) + '~' + base64url(id). */
export function botSlug(bot: BotSlugSource): string {
  return `${slugifyBotName(bot.label ?? bot.name)}~${encodeBase64Url(String(bot.id))}`;
}

const BARE_ID = /^[A-Za-z0-9_-]+$/;

/**
 * The bot id in a route slug, or null. Accepts the canonical form (only the part after the
 * last tilde matters) and a bare id such as "42" or a UUID, for old links.
 */
export function parseBotSlug(slug: string | null | undefined): string | null {
  if (!slug) return null;
  let text: string;
  try {
    text = decodeURIComponent(slug).trim();
  } catch {
    text = slug.trim();
  }
  const tilde = text.lastIndexOf('~');
  if (tilde === -1) return BARE_ID.test(text) ? text : null;
  const id = decodeBase64Url(text.slice(tilde + 1));
  return id && id.trim() !== '' ? id : null;
}
