import { useId, useState } from 'react';
import { FileCheck2 } from 'lucide-react';
import { badgeLabels, dayLabel, documentLabels } from '@core/domain/trust.ts';
import type { DetailerDocument } from '@core/schemas/trust.ts';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { Label } from '@/components/ui/label.tsx';
import { LoadingState } from '@/components/ui/loading-state.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { toast } from '@/lib/toast.ts';
import { useDecideDocument, usePendingDocuments } from '../api/documents.ts';

/** /admin/documents: detailers' documents waiting for a check; a granted one shows as a badge until it expires. */
export default function AdminDocumentsPage() {
  const documents = usePendingDocuments();
  return (
    <div className="flex flex-col gap-4 p-4">
      <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">Documents</h1>
      {documents.isPending ? (
        <LoadingState label="Loading documents">
          <Skeleton className="h-64" />
        </LoadingState>
      ) : documents.isError ? (
        <ErrorState message="We couldn't load the documents." onRetry={() => void documents.refetch()} />
      ) : documents.data.length === 0 ? (
        <EmptyState
          icon={<FileCheck2 />}
          title="Nothing to check"
          description="New insurance certificates and business licences appear here."
        />
      ) : (
        <ul className="grid gap-4">
          {documents.data.map((document) => (
            <li key={document.id}>
              <DocumentReview document={document} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function DocumentReview({ document }: { document: DetailerDocument }) {
  const id = useId();
  const decide = useDecideDocument();
  const [isRefusing, setRefusing] = useState(false);
  const [reason, setReason] = useState('');
  const title = `${document.businessName}: ${documentLabels[document.kind]}`;
  const send = (grant: boolean) =>
    decide.mutate(grant ? { id: document.id, grant: true } : { id: document.id, grant: false, reason: reason.trim() }, {
      onSuccess: () =>
        toast({ title: grant ? `${badgeLabels[document.kind]} badge granted` : 'Document refused', description: document.businessName }),
      onError: (error) => toast({ title: 'Not saved', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
    });

  return (
    <Card role="group" className="grid gap-3 p-4" aria-label={title}>
      <div className="grid gap-0.5">
        <h2 className="font-semibold text-neutral-900">{title}</h2>
        <p className="text-sm text-neutral-600">Expires {dayLabel(document.expiresOn)}</p>
      </div>
      <a href={document.fileUrl} target="_blank" rel="noreferrer" className="block overflow-hidden rounded-control bg-neutral-100">
        <img
          src={`${document.fileUrl}?w=640`}
          alt={`${documentLabels[document.kind]} of ${document.businessName}`}
          className="max-h-80 w-full object-contain"
        />
      </a>
      {isRefusing ? (
        <div className="grid gap-2">
          <Label htmlFor={`${id}-reason`}>Why is it refused?</Label>
          <Textarea id={`${id}-reason`} rows={2} maxLength={200} value={reason} onChange={(event) => setReason(event.target.value)} />
          <div className="grid grid-cols-2 gap-2">
            <Button variant="secondary" onClick={() => setRefusing(false)}>
              Back
            </Button>
            <Button variant="destructive" disabled={!reason.trim() || decide.isPending} onClick={() => send(false)}>
              Refuse
            </Button>
          </div>
        </div>
      ) : (
        <div className="grid grid-cols-2 gap-2">
          <Button variant="secondary" onClick={() => setRefusing(true)}>
            Refuse…
          </Button>
          <Button disabled={decide.isPending} onClick={() => send(true)}>
            Grant badge
          </Button>
        </div>
      )}
    </Card>
  );
}
