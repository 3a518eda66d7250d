import sanitizeHtml from 'sanitize-html';
import { isUuid } from './ids.ts';

/** Hosts whose players may be embedded in lessons; the CSP's frame-src is built from them. */
export const EMBED_HOSTS = ['www.youtube-nocookie.com', 'www.youtube.com', 'player.vimeo.com', 'www.tradingview.com'];

const BASE: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'blockquote', 'code', 'pre', 'h2', 'h3', 'h4', 'a', 'hr'],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }),
  },
  disallowedTagsMode: 'discard',
};

/**
 * Rich text written by members (journal narrative, trade notes): formatting only. Applied on
 * write; the browser sanitizes again before rendering.
 */
export function sanitizeRichText(html: string | null | undefined): string | null {
  if (html === null || html === undefined) return null;
  const clean = sanitizeHtml(html, BASE).trim();
  return clean === '' || clean === '<p></p>' ? null : clean;
}


/**
 * Community posts: member formatting plus @mentions, `<span data-mention="{user id}">`. Any
 * other span, or a mention without a well-formed id, is reduced to its text. `names` (when
 * given) settles which mentions stand and writes each one's "@Name" afresh, so a post cannot
 * label a mention with someone else's name.
 */
export function sanitizePostHtml(html: string | null | undefined, names?: ReadonlyMap<string, string>): string | null {
  if (html === null || html === undefined) return null;
  const marked = sanitizeHtml(html, {
    ...BASE,
    allowedTags: [...(BASE.allowedTags as string[]), 'span'],
    allowedAttributes: { ...BASE.allowedAttributes, span: ['data-mention'] },
    transformTags: {
      ...BASE.transformTags,
      // A span that is no mention stays a bare <span> here and is unwrapped below: turning it into
      // a discarded tag would close the next span at the same depth with that tag's name.
      span: (tagName, attribs): sanitizeHtml.Tag => {
        const id = attribs['data-mention']?.toLowerCase() ?? '';
        if (!isUuid(id) || (names && !names.has(id))) return { tagName, attribs: {} };
        const name = names?.get(id);
        return name === undefined ? { tagName, attribs: { 'data-mention': id } } : { tagName, attribs: { 'data-mention': id }, text: `@${name}` };
      },
    },
  });
  const clean = unwrapBareSpans(marked).trim();
  return clean === '' || clean === '<p></p>' ? null : clean;
}

/** Removes `<span>` without attributes and its own closing tag (sanitized, so well formed), keeping the text. */
function unwrapBareSpans(html: string): string {
  const kept: boolean[] = [];
  return html.replace(/<span( data-mention="[^"]*")?>|<\/span>/g, (tag, mention: string | undefined) => {
    if (tag === '</span>') return kept.pop() ? tag : '';
    kept.push(mention !== undefined);
    return mention !== undefined ? tag : '';
  });
}

/** The user ids an already sanitized post mentions, each once. */
export function mentionedIds(html: string): string[] {
  return [...new Set([...html.matchAll(/<span data-mention="([0-9a-f-]{36})"/g)].map((match) => match[1]!))];
}

/** Staff-written lesson content: formatting, images, figures, tables and allow-listed embeds. */
export function sanitizeLessonHtml(html: string | null | undefined): string | null {
  if (html === null || html === undefined) return null;
  const clean = sanitizeHtml(html, {
    ...BASE,
    allowedTags: [...(BASE.allowedTags as string[]), 'img', 'figure', 'figcaption', 'iframe', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'h5', 'span', 'div'],
    allowedAttributes: {
      ...BASE.allowedAttributes,
      img: ['src', 'alt', 'width', 'height', 'loading'],
      iframe: ['src', 'title', 'width', 'height', 'allow', 'allowfullscreen', 'loading'],
      th: ['colspan', 'rowspan'],
      td: ['colspan', 'rowspan'],
    },
    allowedSchemesByTag: { img: ['https', 'http', 'data'], iframe: ['https'] },
    allowedIframeHostnames: EMBED_HOSTS,
    allowIframeRelativeUrls: false,
  }).trim();
  return clean === '' ? null : clean;
}

/** The words of rich text, its blocks and line breaks kept apart by a space ("a</p><p>b" → "a b"). */
export function richTextWords(html: string): string {
  return plainText(html.replace(/<\/(p|li|h[2-4]|blockquote|pre)>|<br\s*\/?>/gi, ' ')) ?? '';
}

/** Plain text fields: tags stripped entirely. */
export function plainText(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const clean = sanitizeHtml(value, { allowedTags: [], allowedAttributes: {} }).trim();
  return clean === '' ? null : clean;
}
