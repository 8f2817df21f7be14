import { cn } from '@/lib/cn.ts';
import { Spinner } from '@/components/ui/spinner.tsx';

type Props = {
  children: string;
  /**
   * Shown where the pay button will be: as tall as a Button size="lg" (48 px, on one line or two), so nothing
   * moves when the button takes its place.
   */
  inPlaceOfButton?: boolean;
};

/** The form's waiting notices ('Connecting to Stripe payment system...', 'Setting up secure payment form...'). */
export function FormNotice({ children, inPlaceOfButton = false }: Props) {
  return (
    <p
      role="status"
      className={cn(
        'flex items-center gap-3 rounded-control bg-neutral-50 px-4 text-sm text-neutral-700',
        inPlaceOfButton ? 'min-h-12 py-1' : 'py-3',
      )}
    >
      <Spinner size="sm" label="" aria-hidden="true" />
      {children}
    </p>
  );
}
