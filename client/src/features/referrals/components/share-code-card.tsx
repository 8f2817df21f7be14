import { Share2 } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { toast } from '@/lib/toast.ts';

/** The link goes out through the phone's own share sheet when there is one, else onto the clipboard. */
async function shareLink(link: string, code: string) {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({
        title: 'Glossly',
        text: `Get a welcome credit on your first Glossly detail with my code ${code}`,
        url: link,
      });
    } catch {
      // The share sheet was closed: nothing to say.
    }
    return;
  }
  try {
    await navigator.clipboard.writeText(link);
    toast({ title: 'Link copied', description: 'Send it to a friend: the code is already in it.' });
  } catch {
    toast({ title: "Couldn't copy the link", description: 'Select the link and copy it yourself.', variant: 'destructive' });
  }
}

/** The customer's code, big enough to read out, and the link that carries it. */
export function ShareCodeCard({ code, link }: { code: string; link: string }) {
  return (
    <Card className="grid gap-4 p-4">
      <div className="grid justify-items-center gap-1 text-center">
        <h2 className="text-sm font-medium text-neutral-600">Your referral code</h2>
        <p data-testid="referral-code" className="font-mono text-3xl font-bold tracking-[0.2em] text-brand-700">
          {code}
        </p>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="referral-link">Your share link</Label>
        <Input id="referral-link" readOnly value={link} onFocus={(event) => event.target.select()} />
      </div>
      <Button size="lg" className="w-full" onClick={() => void shareLink(link, code)}>
        <Share2 aria-hidden /> Share link
      </Button>
    </Card>
  );
}
