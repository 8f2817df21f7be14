import { useId, useState, type FormEvent } from 'react';
import { reportReasonMaxLength } from '@core/schemas/message.ts';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog.tsx';
import { FieldError } from '@/components/ui/field-error.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { toast } from '@/lib/toast.ts';
import { useReportMessage } from '../api/report-message.ts';

type ReportMessageDialogProps = {
  conversationId: number;
  /** The message being reported; null while the dialog is closed. */
  message: { id: number; senderName: string } | null;
  onClose: () => void;
};

/** 'Report' on the other party's message: a reason (1-500 characters) goes to the admins. */
export function ReportMessageDialog({ conversationId, message, onClose }: ReportMessageDialogProps) {
  const report = useReportMessage(conversationId);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const fieldId = useId();
  const errorId = `${fieldId}-error`;

  const close = () => {
    setReason('');
    setProblem(null);
    report.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!message) return;
    const trimmed = reason.trim();
    if (!trimmed) return setProblem('Tell us what is wrong with this message.');
    if (trimmed.length > reportReasonMaxLength) return setProblem(`Keep the reason under ${reportReasonMaxLength} characters.`);
    setProblem(null);
    report.mutate(
      { messageId: message.id, reason: trimmed },
      {
        onSuccess: () => {
          toast({ title: 'Message reported', description: 'Thank you. Our team will review it.' });
          close();
        },
        onError: (error) => setProblem(errorMessage(error, 'We could not send your report. Please try again.')),
      },
    );
  };

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
            value={reason}
            maxLength={reportReasonMaxLength}
            onChange={(event) => setReason(event.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? errorId : undefined}
            placeholder="For example: abusive language, a scam, asking to pay outside Glossly"
          />
          <FieldError id={errorId} role="alert">
            {problem}
          </FieldError>
          <div className="mt-2 grid grid-cols-2 gap-3">
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={report.isPending}>
              Report
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
