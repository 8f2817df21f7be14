import { useState, type ReactNode } from 'react';
import { Button, type ButtonVariant } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog.tsx';

export interface ConfirmActionDialogProps {
  /** The button that opens the dialog. */
  triggerLabel: string;
  /** Names the target for screen readers when several rows share one label ("Disable Casey"). */
  triggerAriaLabel?: string;
  triggerVariant?: ButtonVariant;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  confirmVariant?: ButtonVariant;
  isPending: boolean;
  /** Runs the action; resolves true to close the dialog (success), false to keep it open. */
  onConfirm: () => Promise<boolean>;
}

/** An admin action that changes someone else's account or money: always confirmed first. */
export function ConfirmActionDialog({
  triggerLabel,
  triggerAriaLabel,
  triggerVariant = 'secondary',
  title,
  description,
  confirmLabel,
  pendingLabel,
  confirmVariant = 'primary',
  isPending,
  onConfirm,
}: ConfirmActionDialogProps) {
  const [isOpen, setIsOpen] = useState(false);

  async function confirm() {
    if (await onConfirm()) setIsOpen(false);
  }

  return (
    <Dialog open={isOpen} onOpenChange={(open) => !isPending && setIsOpen(open)}>
      <DialogTrigger asChild>
        <Button variant={triggerVariant} size="sm" aria-label={triggerAriaLabel}>
          {triggerLabel}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        <div className="mt-6 grid gap-3 sm:grid-cols-2">
          <Button variant="secondary" onClick={() => setIsOpen(false)} disabled={isPending}>
            Cancel
          </Button>
          <Button variant={confirmVariant} onClick={confirm} disabled={isPending}>
            {isPending ? pendingLabel : confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
