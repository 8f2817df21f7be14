// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Role } from '@core/domain/roles.ts';
import { createQueryClient } from '@/lib/query-client.ts';
import { currentUserQueryKey } from '@/lib/session/get-current-user.ts';
import { fetchFromReplies, renderAtPath, stubFetchEachTest } from '../../../../../tests/factories/page-harness.tsx';
import { NotificationPermissionPrompt } from './notification-permission-prompt.tsx';

stubFetchEachTest(fetchFromReplies(() => ({})));

let role: Role = 'customer';
const signedInAs = (as: Role) => {
  role = as;
};

/** The prompt as the signed-in user of `role` sees it (the session already read, as on any signed-in page). */
const prompt = () => {
  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQueryKey, {
    id: 7,
    email: 'sam@example.com',
    role,
    name: 'Sam Chen',
    username: 'sam',
    referralCredits: '0.00',
    detailerId: null,
    phone: null,
    avatarUrl: null,
  });
  return renderAtPath(
    '/',
    <NotificationPermissionPrompt open={false} onDismiss={() => {}} onEnable={() => {}} onStepAside={() => {}} />,
    queryClient,
  );
};

describe('NotificationPermissionPrompt', () => {
  it("tells a customer about their detailer's moves", async () => {
    signedInAs('customer');
    prompt();
    expect(await screen.findByText(/Hear the moment your detailer accepts/)).toBeTruthy();
  });

  it.each(['detailer', 'admin'] as const)('never speaks to a %s as a customer waiting for their detailer', async (role) => {
    signedInAs(role);
    prompt();
    expect(
      await screen.findByText(role === 'detailer' ? /a customer books or messages you/ : /a new detailer asks for approval/),
    ).toBeTruthy();
    expect(screen.queryByText(/your detailer/i)).toBeNull();
  });
});
