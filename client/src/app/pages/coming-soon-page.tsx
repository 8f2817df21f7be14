import { Hammer } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button.tsx';

/** For routes of the spec whose pages are not built yet: a finished-looking page, never a blank one, with its h1. */
export function ComingSoonPage({ title }: { title: string }) {
  return (
    <section aria-labelledby="coming-soon-title" className="flex flex-col items-center gap-2 p-4 px-6 py-12 text-center">
      <div aria-hidden="true" className="mb-2 flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <Hammer className="size-7" />
      </div>
      <h1 id="coming-soon-title" className="text-xl font-semibold text-neutral-900">
        {title}
      </h1>
      <p className="max-w-sm text-sm text-neutral-600">This page is coming soon.</p>
      <Button asChild variant="secondary" className="mt-4">
        <Link href="/">Back to Home</Link>
      </Button>
    </section>
  );
}
