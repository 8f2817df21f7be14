import { describe, expect, it } from 'vitest';
import { photoProblem } from './photo-file.ts';
import { splitLinks } from './message-text.tsx';

describe('splitLinks', () => {
  it('finds http(s) links and leaves sentence punctuation and everything else as text', () => {
    expect(splitLinks('See https://glossly.app/a, or http://x.example/b_(c). <a href="javascript:alert(1)">x</a>')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://glossly.app/a', href: 'https://glossly.app/a' },
      { kind: 'text', text: ', or ' },
      { kind: 'link', text: 'http://x.example/b_(c)', href: 'http://x.example/b_(c)' },
      { kind: 'text', text: '. <a href="javascript:alert(1)">x</a>' },
    ]);
    expect(splitLinks('ftp://files.example and javascript:alert(1)')).toEqual([
      { kind: 'text', text: 'ftp://files.example and javascript:alert(1)' },
    ]);
  });
});

describe('photoProblem', () => {
  it('takes jpeg, png and webp up to 5 MB', () => {
    expect(photoProblem({ type: 'image/png', size: 5 * 1024 * 1024 })).toBeNull();
    expect(photoProblem({ type: 'image/webp', size: 5 * 1024 * 1024 + 1 })).toBe('This photo is larger than 5 MB. Choose a smaller one.');
    expect(photoProblem({ type: 'image/gif', size: 10 })).toBe('Choose a JPEG, PNG or WebP photo.');
  });
});
