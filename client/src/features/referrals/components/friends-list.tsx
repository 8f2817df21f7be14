import { referralStateLabels, type ReferralState } from '@core/domain/referrals.ts';
import type { ReferralFriend } from '@core/schemas/referrals.ts';
import { Badge, type BadgeVariant } from '@/components/ui/badge.tsx';

const stateVariants: Record<ReferralState, BadgeVariant> = { signed_up: 'neutral', booked: 'brand', completed: 'success' };

const shortDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** The friends who registered with the code, newest first: first name and initial, where they stand and since when. */
export function FriendsList({ friends }: { friends: readonly ReferralFriend[] }) {
  return (
    <ul aria-label="Invited friends" className="divide-y divide-neutral-100">
      {friends.map((friend) => (
        <li key={friend.id} className="flex min-h-14 items-center justify-between gap-3 py-2">
          <div className="grid min-w-0 gap-0.5">
            <span className="truncate text-sm font-medium text-neutral-900">{friend.name}</span>
            <span className="text-xs text-neutral-600">Since {shortDate(friend.since)}</span>
          </div>
          <Badge variant={stateVariants[friend.state]}>{referralStateLabels[friend.state]}</Badge>
        </li>
      ))}
    </ul>
  );
}
