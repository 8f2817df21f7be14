import { useEffect, useRef, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { FullPageSpinner } from '@/components/ui/spinner.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { useCurrentUser } from '@/lib/session/get-current-user.ts';
import { useConfirmEmailChange } from '../api/confirm-email-change.ts';

const invalidLink = 'This email change link is invalid. Please ask for a new one from your profile.';

/** The link mailed to a new address (/confirm-email?token=): applies the change, or says why it could not. */
export default function ConfirmEmailPage() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const confirm = useConfirmEmailChange();
  const { user } = useCurrentUser();
  const [failure, setFailure] = useState<string | null>(token ? null : invalidLink);
  const [email, setEmail] = useState<string | null>(null);
  // The link works once: React's development double effect must not spend it twice.
  const hasStarted = useRef(false);

  useEffect(() => {
    if (!token || hasStarted.current) return;
    hasStarted.current = true;
    confirm
      .mutateAsync({ token })
      .then((answer) => setEmail(answer.email))
      .catch((error: unknown) => setFailure(errorMessage(error, 'We could not change your email. Please ask for a new link.')));
  }, [token, confirm]);

  if (!failure && !email) return <FullPageSpinner label="Confirming your new email" />;

  return (
    <section className="p-4">
      <Card>
        <CardHeader>
          <CardTitle as="h1">{email ? 'Email changed' : 'Confirm your new email'}</CardTitle>
          {email && <CardDescription>Your Glossly account now uses {email}. Other devices have been signed out.</CardDescription>}
        </CardHeader>
        <CardContent className="grid gap-4 pb-6">
          {failure && (
            <p role="alert" className="rounded-control bg-danger-50 p-3 text-sm text-danger-700">
              {failure}
            </p>
          )}
          <Button asChild size="lg" className="w-full">
            <Link href={user ? '/profile' : '/login'}>{user ? 'Back to profile' : 'Go to login'}</Link>
          </Button>
        </CardContent>
      </Card>
    </section>
  );
}
