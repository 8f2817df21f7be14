import { MessageCircle } from 'lucide-react';
import { Link } from 'wouter';
import { useOpenConversation } from '@/components/messages/api/open-conversation.ts';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { loginPathFor } from '@/lib/return-to.ts';
import { useCurrentUser } from '@/lib/session/get-current-user.ts';

/** Where a visitor signs in before writing to support, and comes back to afterwards. */
export const supportLoginPath = loginPathFor('/help-support');

/**
 * 'Contact support': for a signed-in user, opens (creating it the first time) their support thread with the admins
 * and shows it in Messages; a failure toasts the server's message. A visitor signs in first and comes back here.
 */
export function ContactSupport() {
  const { user, isLoading } = useCurrentUser();
  const open = useOpenConversation();

  return (
    <Card>
      <CardContent className="grid gap-3 py-5">
        <div className="flex items-start gap-3">
          <span aria-hidden className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-600">
            <MessageCircle className="size-5" />
          </span>
          <div className="grid gap-1">
            <h2 className="text-lg font-semibold text-neutral-900">Still need help?</h2>
            <p className="text-sm text-neutral-600">
              {user
                ? 'Send a message to the Glossly support team. Your conversation, and our reply, will be in Messages.'
                : 'Sign in first so our support team can see your bookings. We bring you straight back here.'}
            </p>
          </div>
        </div>
        {user || isLoading ? (
          <Button
            size="lg"
            className="w-full"
            disabled={isLoading || open.isPending}
            aria-busy={open.isPending || undefined}
            onClick={() => open.mutate({ support: true })}
          >
            {open.isPending ? 'Opening...' : 'Contact support'}
          </Button>
        ) : (
          <Button asChild size="lg" className="w-full">
            <Link href={supportLoginPath}>Contact support</Link>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
