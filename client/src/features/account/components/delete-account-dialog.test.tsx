// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fetchFromReplies, renderAtPath, stubFetchEachTest, type Reply } from '../../../../../tests/factories/page-harness.tsx';
import { DeleteAccountDialog } from './delete-account-dialog.tsx';

let replies: Record<string, Reply> = {};
const fetchMock = fetchFromReplies(() => replies);
stubFetchEachTest(fetchMock);
const deletes = () =>
  (fetchMock.mock.calls as unknown as [string, RequestInit | undefined][]).filter(([, init]) => init?.method === 'DELETE');

async function openDialog() {
  renderAtPath('/profile', <DeleteAccountDialog isDetailer={false} />);
  fireEvent.click(screen.getByRole('button', { name: 'Delete account' }));
  return screen.findByRole('alertdialog', { name: 'Delete your account?' });
}

describe('DeleteAccountDialog', () => {
  it('asks for the password under its field and sends nothing without it', async () => {
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText('Required')).toBeTruthy();
    expect(within(dialog).getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(deletes()).toEqual([]);
  });

  it('asks an account without a password for the word, then sends it', async () => {
    replies = {
      '/api/account': {
        status: 400,
        body: { code: 'validation', message: 'Type DELETE', fields: { confirmation: 'Type DELETE to confirm' } },
      },
    };
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'anything' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    const word = await within(dialog).findByLabelText('Type DELETE to confirm');
    expect(JSON.parse(deletes()[0]![1]!.body as string)).toEqual({ password: 'anything' });
    fireEvent.change(word, { target: { value: 'DELETE' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(deletes()).toHaveLength(2));
    expect(JSON.parse(deletes()[1]![1]!.body as string)).toEqual({ confirmation: 'DELETE' });
  });
});
