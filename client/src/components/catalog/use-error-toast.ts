import { useEffect } from 'react';
import { errorMessage } from '@/lib/api-client.ts';
import { toast } from '@/lib/toast.ts';

/**
 * Spec section 8: a failed fetch reaches the user as a destructive toast with a retry (the page also shows an
 * error state in place of the list). `failedAt` (the query's errorUpdatedAt) makes each new failure toast once.
 */
export function useErrorToast(error: unknown, failedAt: number, title: string, retry: () => unknown) {
  useEffect(() => {
    if (!error) return;
    toast({
      title,
      description: errorMessage(error, 'Check your connection and try again.'),
      variant: 'destructive',
      action: { label: 'Retry', altText: `Retry: ${title}`, onClick: () => void retry() },
    });
    // retry is a fresh closure each render; the toast should fire once per failure, not per render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [error, failedAt, title]);
}
