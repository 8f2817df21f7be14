import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { reportMessageSchema, reportReasonMaxLength, type ReportMessageInput } from '@core/schemas/message.ts';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog.tsx';
import { FieldError } from '@/components/ui/field-error.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { schemaResolver } from '@/lib/schema-resolver.ts';
import { toast } from '@/lib/toast.ts';
import { useReportMessage } from '../api/report-message.ts';

// The schema comes with the page, not at first use: the page already imports its module, and a page that both imports
// a module and loads it with import() can lose its entry in the build (glossly:route-preloads).
const resolver = schemaResolver<ReportMessageInput>(() => Promise.resolve(reportMessageSchema));

type ReportMessageDialogProps = {
  conversationId: number;
  /** The message being reported; null while the dialog is closed. */
  message: { id: number; senderName: string } | null;
  onClose: () => void;
};

/** 'Report' on the other party's message: a reason (1-500 characters, the API's own schema) goes to the admins. */
export function ReportMessageDialog({ conversationId, message, onClose }: ReportMessageDialogProps) {
  const report = useReportMessage(conversationId);
  const form = useForm<ReportMessageInput>({ resolver, defaultValues: { reason: '' } });
  const problem = form.formState.errors.reason?.message;
  const fieldId = useId();
  const errorId = `${fieldId}-error`;

  const close = () => {
    form.reset();
    report.reset();
    onClose();
  };

  const submit = form.handleSubmit(async ({ reason }) => {
    if (!message) return;
    try {
      await report.mutateAsync({ messageId: message.id, reason });
      toast({ title: 'Message reported', description: 'Thank you. Our team will review it.' });
      close();
    } catch (error) {
      form.setError('reason', { message: errorMessage(error, 'We could not send your report. Please try again.') });
    }
  });

  return (
    <Dialog open={message !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent>
        <DialogTitle>Report this message</DialogTitle>
        <DialogDescription>
          Reports go to the Glossly team. {message ? `${message.senderName} is not told who reported it.` : ''}
        </DialogDescription>
        <form onSubmit={submit} className="mt-4 grid gap-2" noValidate>
          <Label htmlFor={fieldId}>Why are you reporting it?</Label>
          <Textarea
            id={fieldId}
            maxLength={reportReasonMaxLength}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? errorId : undefined}
            placeholder="For example: abusive language, a scam, asking to pay outside Glossly"
            {...form.register('reason')}
          />
          <FieldError id={errorId} role="alert">
            {problem}
          </FieldError>
          <div className="mt-2 grid grid-cols-2 gap-3">
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={report.isPending || form.formState.isSubmitting}>
              Report
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
