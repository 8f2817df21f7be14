import { cn } from '@/lib/cn.ts';

// Every dialog's look, shared by the Radix dialogs (dialog.tsx) and the one native <dialog>, the notification prompt
// (decision 030). Kept apart from dialog.tsx so that using the look does not load Radix.

/** A bottom sheet on phones (thumb reach), a centred card from sm upwards: every dialog's frame. */
export const dialogSheetClassName = cn(
  'fixed inset-x-0 bottom-0 z-50 max-h-[90dvh] overflow-y-auto rounded-t-card bg-surface shadow-raised',
  'sm:inset-auto sm:top-1/2 sm:left-1/2 sm:w-full sm:max-w-lg sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-card',
);

/** The space inside a dialog's frame, clear of a phone's home indicator. */
export const dialogPaddingClassName = 'p-6 pb-[max(1.5rem,env(safe-area-inset-bottom))] sm:pb-6';

/** The corner close button of every dialog. */
export const dialogCloseClassName =
  'absolute top-2 right-2 inline-flex size-11 items-center justify-center rounded-full text-neutral-500 hover:bg-neutral-100 hover:text-neutral-900';

export const dialogTitleClassName = 'pr-10 text-lg leading-tight font-semibold text-neutral-900';
export const dialogDescriptionClassName = 'mt-1 text-sm text-neutral-600';
