import { useState } from 'react';
import { CalendarSync, Check, Copy, RefreshCw } from 'lucide-react';
import type { CalendarFeed } from '@core/schemas/calendar.ts';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { toast } from '@/lib/toast.ts';
import { useCalendarFeed } from '../api/get-calendar-feed.ts';
import { useResetCalendarFeed } from '../api/reset-calendar-feed.ts';

/** A moment in the detailer's own zone (the server draws this page too: the browser's zone would differ). */
const momentText = (iso: string, timeZone: string) =>
  new Date(iso).toLocaleString('en-US', { timeZone, month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/**
 * 'Your calendar' on /detailer/availability (issue 41, decision 044): a private address the detailer's calendar app
 * subscribes to once, listing every accepted job and day off. The server keeps only its hash, so the address is
 * shown right after it is made; a new one replaces it, and the old one stops working at once.
 */
export function CalendarFeedSection({ timeZone }: { timeZone: string }) {
  const feed = useCalendarFeed();
  const reset = useResetCalendarFeed();
  const [hasCopied, setHasCopied] = useState(false);
  const fresh = reset.data?.url && reset.data.webcalUrl ? { url: reset.data.url, webcalUrl: reset.data.webcalUrl } : null;

  function makeLink() {
    setHasCopied(false);
    reset.mutate(undefined, {
      onError: (error) =>
        toast({
          title: 'Could not make your calendar link',
          description: errorMessage(error, 'Please try again.'),
          variant: 'destructive',
        }),
    });
  }

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      setHasCopied(true);
      toast({ title: 'Calendar address copied', description: "Paste it where your calendar app adds a calendar 'From URL'." });
    } catch {
      toast({ title: "Couldn't copy the address", description: 'Select it and copy it yourself.', variant: 'destructive' });
    }
  }

  return (
    <section aria-labelledby="calendar-feed-heading" className="grid gap-3">
      <div>
        <h2 id="calendar-feed-heading" className="text-lg font-semibold text-neutral-900">
          Your calendar
        </h2>
        <p id="calendar-feed-help" className="text-sm text-neutral-600">
          Every job you accept and every day off, in your phone&apos;s calendar. It updates by itself when a job moves or is cancelled.
        </p>
      </div>
      {feed.isPending ? (
        <Skeleton className="h-28" />
      ) : feed.isError ? (
        <p role="alert" className="text-sm text-danger-700">
          {errorMessage(feed.error, "We couldn't load your calendar link.")}
        </p>
      ) : (
        <div className="grid gap-3 rounded-card bg-surface p-4 shadow-card">
          {fresh ? (
            <>
              <Button asChild size="lg">
                <a href={fresh.webcalUrl}>
                  <CalendarSync aria-hidden />
                  Subscribe in my calendar
                </a>
              </Button>
              <div className="grid gap-1.5">
                <Label htmlFor="calendar-feed-url">Calendar address</Label>
                <Input
                  id="calendar-feed-url"
                  readOnly
                  value={fresh.url}
                  aria-describedby="calendar-feed-private"
                  onFocus={(event) => event.target.select()}
                />
              </div>
              <Button variant="secondary" onClick={() => void copy(fresh.url)}>
                {hasCopied ? <Check aria-hidden /> : <Copy aria-hidden />}
                {hasCopied ? 'Copied' : 'Copy address'}
              </Button>
              <p id="calendar-feed-private" className="text-sm text-neutral-600">
                Keep it private: anyone with this address sees your jobs. It is shown only now; if you lose it, make a new one.
              </p>
            </>
          ) : (
            <FeedState feed={feed.data} timeZone={timeZone} />
          )}
          <Button
            variant={feed.data.isSet || fresh ? 'secondary' : 'primary'}
            size={feed.data.isSet || fresh ? 'md' : 'lg'}
            disabled={reset.isPending}
            onClick={makeLink}
          >
            {feed.data.isSet || fresh ? <RefreshCw aria-hidden /> : <CalendarSync aria-hidden />}
            {reset.isPending ? 'Making your link...' : feed.data.isSet || fresh ? 'Make a new link' : 'Get my calendar link'}
          </Button>
          {(feed.data.isSet || fresh) && (
            <p className="text-xs text-neutral-600">A new link replaces this one: the old address stops working at once.</p>
          )}
        </div>
      )}
    </section>
  );
}

function FeedState({ feed, timeZone }: { feed: CalendarFeed; timeZone: string }) {
  if (!feed.isSet || !feed.createdAt) {
    return <p className="text-sm text-neutral-700">Get a private link, then add it to Apple, Google or Outlook Calendar once.</p>;
  }
  return (
    <p className="text-sm text-neutral-700">
      Your calendar link was made {momentText(feed.createdAt, timeZone)}.{' '}
      {feed.lastFetchedAt
        ? `Your calendar app last checked it ${momentText(feed.lastFetchedAt, timeZone)}.`
        : 'No calendar app has checked it yet.'}
    </p>
  );
}
