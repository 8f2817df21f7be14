import { Fragment } from 'react';
import { Inbox, MailX } from 'lucide-react';
import type { DemoOutboxEmail } from '@core/schemas/demo-outbox.ts';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useDemoOutbox } from '../api/get-demo-outbox.ts';

/** A mail's text with its web addresses as links: the confirmation link opens from here, offline. */
function MailText({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/[^\s<>"]+)/g);
  return (
    <p className="whitespace-pre-wrap break-words text-sm text-neutral-700">
      {parts.map((part, index) =>
        /^https?:\/\//.test(part) ? (
          <a key={index} href={part} rel="noopener noreferrer" className="break-all font-medium text-brand-700 underline">
            {part}
          </a>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </p>
  );
}

function MailCard({ email }: { email: DemoOutboxEmail }) {
  const sentAt = new Date(email.createdAt).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' });
  return (
    <article aria-label={email.subject} className="grid gap-2 rounded-card border border-neutral-200 bg-surface p-4">
      <header className="grid gap-0.5">
        <h2 className="text-base font-semibold text-neutral-900">{email.subject}</h2>
        <p className="break-all text-xs text-neutral-600">
          To {email.to} · {sentAt}
        </p>
      </header>
      <MailText text={email.text} />
    </article>
  );
}

/**
 * /demo/outbox, demo mode only: the mails the app sent in the last hour, for a laptop without SMTP where a sign-up's
 * confirmation link would otherwise sit in a database table. Off demo mode the API answers 404 and so does the page.
 */
export default function DemoOutboxPage() {
  const outbox = useDemoOutbox();
  return (
    <section aria-labelledby="demo-outbox-heading" className="grid gap-4 p-4">
      <div className="grid gap-1">
        <h1 id="demo-outbox-heading" className="text-xl font-semibold text-neutral-900">
          Demo outbox
        </h1>
        <p className="text-sm text-neutral-600">The emails this app sent in the last hour. Shown in demo mode only.</p>
      </div>
      {outbox.isPending ? (
        <div className="grid gap-3" aria-hidden>
          <Skeleton className="h-32" />
          <Skeleton className="h-32" />
        </div>
      ) : outbox.isError ? (
        outbox.error instanceof ApiError && outbox.error.status === 404 ? (
          <EmptyState
            icon={<MailX />}
            title="No outbox here"
            description="The demo outbox exists only in demo mode. Emails go to their inboxes."
          />
        ) : (
          <ErrorState message="We couldn't load the outbox." onRetry={() => outbox.refetch()} />
        )
      ) : outbox.data.emails.length === 0 ? (
        <EmptyState
          icon={<Inbox />}
          title="No emails in the last hour"
          description="Register or ask for a new password, and the email shows here."
          action={<Button onClick={() => outbox.refetch()}>Check again</Button>}
        />
      ) : (
        <div className="grid gap-3">
          {outbox.data.emails.map((email) => (
            <MailCard key={email.id} email={email} />
          ))}
        </div>
      )}
    </section>
  );
}
