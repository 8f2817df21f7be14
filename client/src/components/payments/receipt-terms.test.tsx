// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { ReceiptTerms } from './receipt-terms.tsx';

afterEach(cleanup);

it('pairs each term with its value, in the order given', () => {
  render(
    <ReceiptTerms
      className="gap-3"
      terms={[
        ['Service', 'Basic Exterior Wash'],
        ['Paid with', 'Visa •••• 4242'],
      ]}
    />,
  );
  const rows = screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]);
  expect(rows).toEqual([
    ['Service', 'Basic Exterior Wash'],
    ['Paid with', 'Visa •••• 4242'],
  ]);
  expect(screen.getAllByRole('definition')).toHaveLength(2);
});
