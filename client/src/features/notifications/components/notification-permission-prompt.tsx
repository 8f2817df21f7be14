import { BellRing } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog.tsx';

export type NotificationPermissionPromptProps = {
  open: boolean;
  /** Closing by any means (Not now, the close button, Escape, the backdrop) hides the prompt for the session. */
  onDismiss: () => void;
  onEnable: () => void;
};

/** Asks to turn on browser notifications; the browser's own permission request follows "Enable notifications". */
export function NotificationPermissionPrompt({ open, onDismiss, onEnable }: NotificationPermissionPromptProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onDismiss()}>
      <DialogContent>
        <div aria-hidden="true" className="mb-3 flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
          <BellRing className="size-6" />
        </div>
        <DialogTitle>Turn on notifications</DialogTitle>
        <DialogDescription>
          Hear the moment your detailer accepts, is on the way or finishes, even when Glossly is in the background.
        </DialogDescription>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onDismiss}>
            Not now
          </Button>
          <Button onClick={onEnable}>Enable notifications</Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
