// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { profileFormSchema } from '@core/schemas/account.ts';
import type { User } from '@core/schemas/user.ts';
import { fetchFromReplies, renderAtPath, stubFetchEachTest, type Reply } from '../../../../../tests/factories/page-harness.tsx';
import { EditProfileForm } from './edit-profile-form.tsx';

const user: User = {
  id: 7,
  email: 'alex@example.com',
  role: 'customer',
  name: 'Alex Rivera',
  username: 'alex',
  referralCredits: '0.00',
  detailerId: null,
  phone: null,
  avatarUrl: null,
};

let replies: Record<string, Reply> = {};
const fetchMock = fetchFromReplies(() => replies);
stubFetchEachTest(fetchMock);

function renderForm(onDone = vi.fn()) {
  renderAtPath('/profile', <EditProfileForm user={user} onDone={onDone} />);
  return onDone;
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

describe('the profile form schema', () => {
  it("uses the register form's rules and turns a US phone into E.164 (empty clears it)", () => {
    expect(profileFormSchema.safeParse({ name: 'J', username: 'alex', phone: '' }).error?.issues[0]?.message).toBe(
      'Name must be at least 2 characters',
    );
    expect(profileFormSchema.safeParse({ name: 'Jo', username: 'al', phone: '' }).error?.issues[0]?.message).toBe(
      'Username must be at least 3 characters',
    );
    expect(profileFormSchema.parse({ name: ' Jo ', username: 'alex', phone: '(415) 555-0123' })).toEqual({
      name: 'Jo',
      username: 'alex',
      phone: '+14155550123',
    });
    expect(profileFormSchema.parse({ name: 'Jo', username: 'alex', phone: '' }).phone).toBeNull();
  });
});

describe('EditProfileForm', () => {
  it('shows the messages of a 1-character name, a short username and a bad phone, and sends nothing', async () => {
    renderForm();
    fireEvent.change(field('Full Name'), { target: { value: 'J' } });
    fireEvent.change(field('Username'), { target: { value: 'al' } });
    fireEvent.change(field('Phone (optional)'), { target: { value: '555-0123' } });
    save();
    expect(await screen.findByText('Name must be at least 2 characters')).toBeTruthy();
    expect(screen.getByText('Username must be at least 3 characters')).toBeTruthy();
    expect(screen.getByText('Enter a US phone number, such as (415) 555-0123')).toBeTruthy();
    expect(field('Full Name').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/account')).toEqual([]);
  });

  it('sends the changes with the phone in E.164 and closes', async () => {
    replies = { '/api/account': { status: 200, body: { ...user, name: 'Alex R', phone: '+14155550123' } } };
    const onDone = renderForm();
    fireEvent.change(field('Full Name'), { target: { value: 'Alex R' } });
    fireEvent.change(field('Phone (optional)'), { target: { value: '415.555.0123' } });
    save();
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/account') as unknown as [string, RequestInit];
    expect(init.method).toBe('PATCH');
    expect(JSON.parse(init.body as string)).toEqual({ name: 'Alex R', username: 'alex', phone: '+14155550123' });
  });

  it("puts the server's 409 on the username field", async () => {
    replies = {
      '/api/account': {
        status: 409,
        body: { code: 'conflict', message: 'This username is already taken', fields: { username: 'This username is already taken' } },
      },
    };
    const onDone = renderForm();
    fireEvent.change(field('Username'), { target: { value: 'taken-name' } });
    save();
    expect(await screen.findByText('This username is already taken')).toBeTruthy();
    expect(field('Username').getAttribute('aria-invalid')).toBe('true');
    expect(onDone).not.toHaveBeenCalled();
  });
});
