import { lazy, Suspense, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@/lib/query-client.ts';
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

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToasterOnFirstToast />
    </QueryClientProvider>
  );
}
