import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { AlertDialog } from 'radix-ui';
import { Trash2 } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { accountMessages, deleteConfirmationWord } from '@core/domain/account.ts';
import type { DeleteAccountInput } from '@core/schemas/account.ts';
import { Button } from '@/components/ui/button.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import { schemaResolver } from '@/lib/schema-resolver.ts';
import { toast } from '@/lib/toast.ts';
import { useDeleteAccount } from '../api/delete-account.ts';

/**
 * 'Delete account': an alert dialog that spells out what goes and what stays, then asks for the password (an account
 * without one, signed up with Google, is asked to type DELETE when the server says so).
 */
const passwordResolver = schemaResolver<DeleteAccountInput>(() =>
  import('@core/schemas/account.ts').then((schemas) => schemas.deleteAccountPasswordFormSchema),
);
const wordResolver = schemaResolver<DeleteAccountInput>(() =>
  import('@core/schemas/account.ts').then((schemas) => schemas.deleteAccountWordFormSchema),
);
const emptyForm = { password: '', confirmation: '' };

export function DeleteAccountDialog({ isDetailer, className }: { isDetailer: boolean; className?: string }) {
  const [open, setOpen] = useState(false);
  const [needsWord, setNeedsWord] = useState(false);
  const form = useForm<DeleteAccountInput>({ resolver: needsWord ? wordResolver : passwordResolver, defaultValues: emptyForm });
  const { errors, isSubmitting } = form.formState;
  const fieldError = needsWord ? errors.confirmation?.message : errors.password?.message;
  const failure = errors.root?.message;
  const remove = useDeleteAccount();
  const [, navigate] = useLocation();

  const reset = (next: boolean) => {
    setOpen(next);
    if (!next) form.reset(emptyForm);
  };

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await remove.mutateAsync(needsWord ? { confirmation: input.confirmation } : { password: input.password });
      toast({ title: 'Your account has been deleted', description: 'Thank you for using Glossly.' });
      navigate('/', { replace: true });
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : undefined;
      if (fields?.confirmation) {
        setNeedsWord(true);
        if (needsWord) form.setError('confirmation', { message: fields.confirmation });
      } else if (fields?.password) {
        form.setError('password', { message: fields.password });
      } else {
        form.setError('root', { message: errorMessage(error, 'We could not delete your account. Please try again.') });
      }
    }
  });

  return (
    <AlertDialog.Root open={open} onOpenChange={reset}>
      <AlertDialog.Trigger asChild>
        <Button variant="secondary" size="lg" className={cn('w-full text-danger-700', className)}>
          <Trash2 aria-hidden />
          Delete account
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-neutral-950/50 data-[state=open]:animate-fade-in" />
        <AlertDialog.Content
          className={cn(
            'fixed inset-x-0 bottom-0 z-50 max-h-[90dvh] overflow-y-auto rounded-t-card bg-surface p-6 shadow-raised',
            'pb-[max(1.5rem,env(safe-area-inset-bottom))] data-[state=open]:animate-pop-in',
            'sm:inset-auto sm:top-1/2 sm:left-1/2 sm:w-full sm:max-w-lg sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-card sm:pb-6',
          )}
        >
          <AlertDialog.Title className="text-lg leading-tight font-semibold text-neutral-900">Delete your account?</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="mt-2 grid gap-2 text-sm text-neutral-700">
              <p>This cannot be undone. When you delete your account:</p>
              <ul className="list-disc space-y-1 pl-5">
                <li>Your name, email, username, phone and photo are removed, and you are signed out everywhere.</li>
                <li>Your saved cars, places and cards are deleted.</li>
                <li>
                  Past bookings, payments and messages stay for the records of the other party, shown as from &lsquo;Deleted user&rsquo;.
                </li>
                {isDetailer && <li>You can only delete it once you have no accepted jobs left; your services stop being offered.</li>}
              </ul>
              <p>Download your data first if you want a copy.</p>
            </div>
          </AlertDialog.Description>
          <form method="post" noValidate onSubmit={onSubmit} className="mt-4 grid gap-4" aria-label="Delete account">
            {needsWord ? (
              <TextField
                label={`Type ${deleteConfirmationWord} to confirm`}
                autoComplete="off"
                autoCapitalize="characters"
                hint="Your account signs in with Google and has no password."
                error={fieldError}
                {...form.register('confirmation')}
              />
            ) : (
              <TextField
                label="Password"
                type="password"
                autoComplete="current-password"
                error={fieldError}
                {...form.register('password')}
              />
            )}
            {failure && (
              <p role="alert" className="rounded-control bg-danger-50 p-3 text-sm text-danger-700">
                {failure === accountMessages.upcomingJobs ? `${failure}.` : failure}
                {failure === accountMessages.upcomingBookings && (
                  <>
                    {'. '}
                    <Link href="/bookings" className="font-medium underline">
                      Open My Bookings
                    </Link>
                  </>
                )}
              </p>
            )}
            <div className="grid gap-2 sm:grid-cols-2">
              <AlertDialog.Cancel asChild>
                <Button variant="secondary" size="lg">
                  Keep my account
                </Button>
              </AlertDialog.Cancel>
              <Button type="submit" variant="destructive" size="lg" disabled={isSubmitting}>
                {isSubmitting ? 'Deleting...' : 'Delete my account'}
              </Button>
            </div>
          </form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
