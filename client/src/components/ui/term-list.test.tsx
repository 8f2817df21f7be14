// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { TermList } from './term-list.tsx';

afterEach(cleanup);

/** Each row of the list as [term, value], refusing a row that is not exactly one `dt` followed by its `dd`. */
function readRows(list: HTMLElement) {
  return [...list.children].map((row) => {
    const [term, value, ...rest] = [...row.children];
    expect(term?.tagName).toBe('DT');
    expect(value?.tagName).toBe('DD');
    expect(rest).toEqual([]);
    return [term!.textContent, value!.textContent];
  });
}

it('pairs each term with its value, in the order given', () => {
  const { container } = render(
    <TermList
      terms={[
        ['Service', 'Basic Exterior Wash'],
        ['Car', <strong key="car">Honda Civic · Sedan</strong>],
        ['Bookings', 3],
      ]}
    />,
  );
  expect(readRows(container.querySelector('dl')!)).toEqual([
    ['Service', 'Basic Exterior Wash'],
    ['Car', 'Honda Civic · Sedan'],
    ['Bookings', '3'],
  ]);
  expect(screen.getAllByRole('term')).toHaveLength(3);
  expect(screen.getAllByRole('definition')).toHaveLength(3);
});

it('lays out the list, its rows, terms and values with the screen’s classes, over the muted term and dark value', () => {
  const { container } = render(
    <TermList
      className="grid gap-2 text-sm"
      rowClassName="grid grid-cols-[7rem_1fr] gap-2"
      termClassName="text-xs"
      valueClassName="break-words"
      terms={[['Access notes', 'Gate code 1234']]}
    />,
  );
  expect(container.querySelector('dl')!.className).toBe('grid gap-2 text-sm');
  expect(container.querySelector('dl > div')!.className).toBe('grid grid-cols-[7rem_1fr] gap-2');
  expect(screen.getByRole('term').className).toBe('text-xs text-neutral-600');
  expect(screen.getByRole('definition').className).toBe('break-words text-neutral-900');
});
