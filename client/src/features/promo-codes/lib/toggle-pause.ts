import type { PromoCode } from '@core/schemas/promo-codes.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { toast } from '@/lib/toast.ts';

type PauseMutation = {
  mutate: (input: { id: number; paused: boolean }, options: { onSuccess: () => void; onError: (error: Error) => void }) => void;
};

/** Pauses an active code or resumes a paused one, and says so. */
export function togglePause(mutation: PauseMutation, code: PromoCode) {
  const paused = code.status !== 'paused';
  mutation.mutate(
    { id: code.id, paused },
    {
      onSuccess: () =>
        toast(
          paused
            ? { title: 'Code paused', description: `Customers can't use ${code.code} until you resume it.` }
            : { title: 'Code resumed', description: `Customers can use ${code.code} again.` },
        ),
      onError: (error) =>
        toast({
          title: paused ? "Couldn't pause the code" : "Couldn't resume the code",
          description: errorMessage(error, 'Please try again.'),
          variant: 'destructive',
        }),
    },
  );
}
