import { AlertCircle } from 'lucide-react';
import { Card, CardContent } from '@/components/ui/card.tsx';

/** The app's not-found screen: the router's fallback, and what a debug page is when demo mode is off. */
export function NotFound() {
  return (
    <section className="p-4">
      <Card>
        <CardContent className="flex flex-col gap-3 py-6">
          <div className="flex items-center gap-2">
            <AlertCircle aria-hidden className="size-8 text-danger-600" />
            <h1 className="text-2xl font-bold text-neutral-900">404 Page Not Found</h1>
          </div>
          <p className="text-sm text-neutral-600">Did you forget to add the page to the router?</p>
        </CardContent>
      </Card>
    </section>
  );
}
