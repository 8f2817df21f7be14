import { Hammer } from 'lucide-react';
import { Link } from 'wouter';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { Button } from '@/components/ui/button.tsx';

/** For routes of the spec whose pages are not built yet: a finished-looking page, never a blank one. */
export function ComingSoonPage({ title }: { title: string }) {
  return (
    <section className="p-4">
      <EmptyState
        icon={<Hammer aria-hidden />}
        title={title}
        description="This page is coming soon."
        action={
          <Button asChild variant="secondary">
            <Link href="/">Back to Home</Link>
          </Button>
        }
      />
    </section>
  );
}
