// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fetchFromReplies, renderAtPath, stubFetchEachTest, type Reply } from '../../../../../tests/factories/page-harness.tsx';
import { PlanFormDialog } from './plan-form-dialog.tsx';

let replies: Record<string, Reply> = {};
const fetchMock = fetchFromReplies(() => replies);
stubFetchEachTest(fetchMock);
const posts = () => (fetchMock.mock.calls as unknown as [string, RequestInit | undefined][]).filter(([, init]) => init?.method === 'POST');

function renderDialog() {
  const onClose = vi.fn();
  renderAtPath('/admin/subscription-plans', <PlanFormDialog plan={null} onClose={onClose} />);
  return { dialog: screen.getByRole('dialog', { name: 'New plan' }), onClose };
}

describe('PlanFormDialog', () => {
  it("shows the plan schema's messages under the fields and sends nothing", async () => {
    replies = { '/api/service-categories': { status: 200, body: [{ id: 2, name: 'Exterior' }] } };
    const { dialog } = renderDialog();
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'W' } });
    fireEvent.change(within(dialog).getByLabelText('Discount (%)'), { target: { value: '60' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create plan' }));
    expect(await within(dialog).findByText('Name must be at least 2 characters')).toBeTruthy();
    expect(within(dialog).getByText('Monthly price is required')).toBeTruthy();
    expect(within(dialog).getByText('Discount must be between 0 % and 50 %')).toBeTruthy();
    expect(within(dialog).getByText('Covered visit limit is required')).toBeTruthy();
    expect(within(dialog).getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Name'));
    expect(posts()).toEqual([]);
  });

  it('sends the plan in cents and basis points with the chosen categories', async () => {
    replies = {
      '/api/service-categories': { status: 200, body: [{ id: 2, name: 'Exterior' }] },
      '/api/admin/membership-plans': { status: 201, body: {} },
    };
    const { dialog, onClose } = renderDialog();
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Weekly' } });
    fireEvent.change(within(dialog).getByLabelText('Monthly price ($)'), { target: { value: '59' } });
    fireEvent.change(within(dialog).getByLabelText('Visits / month'), { target: { value: '2' } });
    fireEvent.change(within(dialog).getByLabelText('Discount (%)'), { target: { value: '12.5' } });
    fireEvent.change(within(dialog).getByLabelText('Covers visits up to ($)'), { target: { value: '80' } });
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'Exterior' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create plan' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(JSON.parse(posts()[0]![1]!.body as string)).toEqual({
      name: 'Weekly',
      monthlyPriceCents: 5900,
      includedVisitsPerMonth: 2,
      discountBasisPoints: 1250,
      coveredPriceLimitCents: 8000,
      perks: '',
      categoryIds: [2],
      status: 'active',
    });
  });
});
