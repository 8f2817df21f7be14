import { lazy, Suspense, useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useCurrentToast } from '@/lib/toast.ts';

// Radix Toast loads with the first toast rather than with every page: most visits never show one.
const Toaster = lazy(() => import('@/components/ui/toaster.tsx').then((module) => ({ default: module.Toaster })));

function ToasterOnFirstToast() {
  const current = useCurrentToast();
  const [isNeeded, setIsNeeded] = useState(false);
  if (current && !isNeeded) setIsNeeded(true);
  return isNeeded ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

/** The app's query client is made by main.tsx, which starts the first requests before React renders. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToasterOnFirstToast />
    </QueryClientProvider>
  );
}
