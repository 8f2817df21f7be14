import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation } from 'wouter';
import { AlertTriangle } from 'lucide-react';
import type { Role } from '@core/domain/roles.ts';
import { homePathFor } from '@core/domain/navigation.ts';
import { Button, buttonClasses } from '@/components/ui/button.tsx';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { useCurrentUser } from '@/lib/session/get-current-user.ts';

/** What each reader is told is safe when a screen breaks: what they would worry about first. */
const reassurance: Record<Role | 'visitor', string> = {
  customer: 'Your bookings and payments are safe.',
  detailer: 'Your jobs, schedule and earnings are safe.',
  admin: 'Nothing was changed.',
  visitor: 'Nothing was lost.',
};

/** The finished screen a render error leaves instead of a white page: what happened, Try again, and the way home. */
export function AppErrorScreen({ onRetry }: { onRetry: () => void }) {
  const { user } = useCurrentUser();
  const role = user?.role ?? null;
  return (
    <section className="p-4" aria-labelledby="app-error-heading">
      <Card>
        <CardContent className="flex flex-col gap-4 py-6">
          <div className="flex items-start gap-2">
            <AlertTriangle aria-hidden className="mt-0.5 size-7 shrink-0 text-danger-600" />
            <h1 id="app-error-heading" className="text-2xl font-bold text-neutral-900">
              This screen didn't load
            </h1>
          </div>
          <p className="text-sm text-neutral-600">
            Something went wrong on our side while showing it. {reassurance[role ?? 'visitor']} Try again, or go back to Home.
          </p>
          <div className="flex flex-wrap gap-3">
            <Button type="button" onClick={onRetry}>
              Try again
            </Button>
            <Link href={homePathFor(role)} className={buttonClasses('secondary')}>
              Back to Home
            </Link>
          </div>
        </CardContent>
      </Card>
    </section>
  );
}

type BoundaryProps = { children: ReactNode; resetKey: string; onRetry: () => void };

class ErrorBoundary extends Component<BoundaryProps, { hasFailed: boolean }> {
  override state = { hasFailed: false };

  static getDerivedStateFromError() {
    return { hasFailed: true };
  }

  override componentDidUpdate(previous: BoundaryProps) {
    // Another screen is another chance: leaving the broken one (a link, Back) draws the new one normally.
    if (this.state.hasFailed && previous.resetKey !== this.props.resetKey) this.setState({ hasFailed: false });
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    // React logs the error itself in development only; a production console keeps it for whoever debugs.
    if (import.meta.env.PROD) console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.hasFailed) return this.props.children;
    return (
      <AppErrorScreen
        onRetry={() => {
          this.props.onRetry();
          this.setState({ hasFailed: false });
        }}
      />
    );
  }
}

/**
 * The app-wide error boundary: a screen that throws while drawing shows AppErrorScreen inside the shell (header and
 * bottom bar stay), and it resets on navigation or with Try again (which asks for the screen's data again). The map
 * keeps its own, smaller one.
 */
export function AppErrorBoundary({ children }: { children: ReactNode }) {
  const [path] = useLocation();
  const queryClient = useQueryClient();
  // The broken screen's queries have no observer once it is gone: dropping them makes Try again ask the server
  // afresh, since drawing the same cached answer again would break the same way. The shell's own (the user) stay.
  const forgetBrokenScreensData = () => queryClient.removeQueries({ type: 'inactive' });
  return (
    <ErrorBoundary resetKey={path} onRetry={forgetBrokenScreensData}>
      {children}
    </ErrorBoundary>
  );
}
