import { Spinner } from '@/components/ui/spinner.tsx';

/** The form's waiting notices ('Connecting to Stripe payment system...', 'Setting up secure payment form...'). */
export function FormNotice({ children }: { children: string }) {
  return (
    <p role="status" className="flex items-center gap-3 rounded-control bg-neutral-50 px-4 py-3 text-sm text-neutral-700">
      <Spinner size="sm" label="" aria-hidden="true" />
      {children}
    </p>
  );
}
