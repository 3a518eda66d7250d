import DOMPurify from 'dompurify';

const EMBED_HOSTS = ['www.youtube-nocookie.com', 'www.youtube.com', 'player.vimeo.com', 'www.tradingview.com'];

/** Member rich text (journal, notes): formatting only. The server sanitized it on write too. */
export function sanitizeRichText(html: string | null | undefined): string {
  return DOMPurify.sanitize(html ?? '', {
    ALLOWED_TAGS: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'blockquote', 'code', 'pre', 'h2', 'h3', 'h4', 'a', 'hr'],
    ALLOWED_ATTR: ['href', 'title', 'target', 'rel'],
  });
}

/** Community posts: member formatting plus @mentions (`<span data-mention="{user id}">`). */
export function sanitizePostHtml(html: string | null | undefined): string {
  return DOMPurify.sanitize(html ?? '', {
    ALLOWED_TAGS: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'blockquote', 'code', 'pre', 'h2', 'h3', 'h4', 'a', 'hr', 'span'],
    ALLOWED_ATTR: ['href', 'title', 'target', 'rel', 'data-mention'],
    ALLOW_DATA_ATTR: false,
  });
}

/**
 * Lesson HTML: frames only from allow-listed players, each wrapped as a responsive, lazy
 * embed (spec: "embedded frames are wrapped as responsive embeds and lazy-loaded").
 */
export function sanitizeLessonHtml(html: string | null | undefined): string {
  const fragment = DOMPurify.sanitize(html ?? '', {
    ADD_TAGS: ['iframe'],
    ADD_ATTR: ['allow', 'allowfullscreen', 'loading', 'target'],
    RETURN_DOM_FRAGMENT: true,
  });
  for (const frame of Array.from(fragment.querySelectorAll('iframe'))) {
    let host = '';
    try {
      host = new URL(frame.getAttribute('src') ?? '').hostname;
    } catch {
      host = '';
    }
    if (!EMBED_HOSTS.includes(host)) {
      frame.remove();
      continue;
    }
    frame.setAttribute('loading', 'lazy');
    frame.removeAttribute('width');
    frame.removeAttribute('height');
    const wrapper = document.createElement('div');
    wrapper.className = 'responsive-embed';
    frame.replaceWith(wrapper);
    wrapper.appendChild(frame);
  }
  const container = document.createElement('div');
  container.appendChild(fragment);
  return container.innerHTML;
}
