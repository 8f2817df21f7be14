// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DetailerAvatar } from './detailer-avatar.tsx';

afterEach(cleanup);

const imageOf = (container: HTMLElement) => container.querySelector('img')!;

describe('DetailerAvatar', () => {
  it("shows the detailer's photo at the size asked, decorative, loading at once by default", () => {
    const image = imageOf(render(<DetailerAvatar avatarUrl="/uploads/gloss.jpg" size={56} />).container);
    expect(image.getAttribute('src')).toBe('/uploads/gloss.jpg');
    expect(image.getAttribute('alt')).toBe('');
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['56', '56']);
    expect(image.classList.contains('size-14')).toBe(true);
    expect(image.hasAttribute('loading')).toBe(false);
    expect(image.hasAttribute('decoding')).toBe(false);
  });

  it('shows the default picture for a detailer with no photo, and loads lazily in a list', () => {
    const image = imageOf(render(<DetailerAvatar avatarUrl={null} size={48} isLazy />).container);
    expect(image.getAttribute('src')).toBe('/images/detailers/default.svg');
    expect(image.classList.contains('size-12')).toBe(true);
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(image.getAttribute('decoding')).toBe('async');
  });
});
