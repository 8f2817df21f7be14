import { useState } from 'react';
import { Check, Copy, Share2 } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { toast } from '@/lib/toast.ts';
import { useInBrowser } from '@/lib/use-in-browser.ts';
import { QrCode } from './qr-code.tsx';

/** 'Share your profile': the public profile link, its QR code, and copy or the phone's own share sheet. */
export function ShareProfileCard({ businessName, profilePath }: { businessName: string; profilePath: string }) {
  // The server draws this page too (app/prerender.tsx) without the address the browser sees: its copy shows the path
  // alone and no code, and the browser's first render has the whole link.
  const origin = useInBrowser() ? window.location.origin : null;
  const url = `${origin ?? ''}${profilePath}`;
  const [hasCopied, setHasCopied] = useState(false);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setHasCopied(true);
      toast({ title: 'Link copied', description: 'Paste it anywhere your customers are.' });
    } catch {
      toast({ title: "Couldn't copy the link", description: 'Select the link and copy it yourself.', variant: 'destructive' });
    }
  }

  async function share() {
    try {
      await navigator.share({ title: businessName, text: `Book ${businessName} on Glossly`, url });
    } catch {
      // The customer closed the share sheet: nothing to say.
    }
  }

  return (
    <Card className="grid gap-4 p-4">
      <div className="grid gap-1">
        <h2 className="text-base font-semibold text-neutral-900">Share your profile</h2>
        <p className="text-sm text-neutral-600">Customers who scan the code or open the link land on your page and can book you.</p>
      </div>
      {origin === null ? (
        <div className="size-48 justify-self-center rounded-control border border-neutral-200" />
      ) : (
        <QrCode
          value={url}
          label={`QR code for ${url}`}
          className="size-48 justify-self-center rounded-control border border-neutral-200"
        />
      )}
      <div className="grid gap-1.5">
        <Label htmlFor="profile-link">Your profile link</Label>
        <Input id="profile-link" readOnly value={url} onFocus={(event) => event.target.select()} />
      </div>
      <div className="grid grid-cols-2 gap-2">
        <Button variant="secondary" onClick={() => void copy()}>
          {hasCopied ? <Check aria-hidden /> : <Copy aria-hidden />}
          {hasCopied ? 'Copied' : 'Copy link'}
        </Button>
        <Button variant="secondary" disabled={!canShare} onClick={() => void share()}>
          <Share2 aria-hidden /> Share
        </Button>
      </div>
    </Card>
  );
}
