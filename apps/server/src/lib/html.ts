import sanitizeHtml from 'sanitize-html';

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
