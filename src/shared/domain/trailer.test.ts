import { describe, expect, it } from 'vitest';
import { trailerEmbedUrl } from './trailer.js';

describe('trailer embed links (docs/product/viewer.md §5)', () => {
  const embed = 'https://www.youtube.com/embed/dQw4w9WgXcQ?autoplay=1';
  it.each([
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s&list=PL1',
    'http://m.youtube.com/watch?feature=share&v=dQw4w9WgXcQ',
    'https://youtu.be/dQw4w9WgXcQ',
    'https://youtu.be/dQw4w9WgXcQ?si=abc',
    'https://www.youtube.com/shorts/dQw4w9WgXcQ',
    'https://www.youtube.com/embed/dQw4w9WgXcQ',
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0',
    'www.youtube.com/watch?v=dQw4w9WgXcQ',
    '  youtu.be/dQw4w9WgXcQ  ',
  ])('converts %s', (link) => {
    expect(trailerEmbedUrl(link)).toBe(embed);
  });

  it.each([null, undefined, '', '   ', 'https://vimeo.com/12345', 'https://www.youtube.com/watch?v=short', 'https://www.youtube.com/channel/UC123', 'javascript:alert(1)', 'not a url at all', 'https://evil.example/watch?v=dQw4w9WgXcQ'])(
    'gives null for %s',
    (link) => {
      expect(trailerEmbedUrl(link)).toBeNull();
    },
  );
});
