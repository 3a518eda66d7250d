import { describe, expect, it } from 'vitest';
import { mediaUrl } from './media';

describe('media addresses', () => {
  it('[P150] loads a site path such as /uploads/… from the API host', () => {
    expect(mediaUrl('/uploads/4f1c2d.png', 'https://api.tradershub.example')).toBe('https://api.tradershub.example/uploads/4f1c2d.png');
  });

  it('[P150] keeps a site path on the page’s own origin when the API is served with the app', () => {
    expect(mediaUrl('/uploads/4f1c2d.png', '')).toBe('/uploads/4f1c2d.png');
  });

  it('leaves full addresses and inline images as they are', () => {
    for (const src of ['https://cdn.example.com/hero.png', 'data:image/png;base64,iVBORw0KGgo=', '//cdn.example.com/a.png']) {
      expect(mediaUrl(src, 'https://api.tradershub.example')).toBe(src);
    }
  });
});
