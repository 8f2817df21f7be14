import { useId, useState, type FormEvent } from 'react';
import { FileCheck2 } from 'lucide-react';
import { badgeLabels, dayLabel, documentKinds, documentLabels, type DocumentKind } from '@core/domain/trust.ts';
import type { DetailerDocument } from '@core/schemas/trust.ts';
import { ImageUpload } from '@/components/upload/image-upload.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { LoadingState } from '@/components/ui/loading-state.tsx';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { toast } from '@/lib/toast.ts';
import { useOwnDocuments, useSubmitDocument } from '../api/documents.ts';

/** /detailer/documents: send an insurance certificate or business licence; an admin checks it for a badge. */
export default function DetailerDocumentsPage() {
  const documents = useOwnDocuments();
  return (
    <div className="flex flex-col gap-4 p-4">
      <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">Badges</h1>
      <p className="text-sm text-neutral-600">
        Send a photo of your insurance certificate or business licence. Once we check it, customers see the badge on your page until it
        expires. Only you and Glossly see the document.
      </p>
      <SendDocument />
      <section aria-labelledby="my-documents" className="grid gap-3">
        <h2 id="my-documents" className="text-lg font-semibold text-neutral-900">
          Your documents
        </h2>
        {documents.isPending ? (
          <LoadingState label="Loading your documents">
            <Skeleton className="h-20" />
          </LoadingState>
        ) : documents.isError ? (
          <ErrorState message="We couldn't load your documents." onRetry={() => void documents.refetch()} />
        ) : documents.data.length === 0 ? (
          <EmptyState icon={<FileCheck2 />} title="No documents yet" description="Send one above to earn a badge." />
        ) : (
          <ul className="grid gap-3">
            {documents.data.map((document) => (
              <li key={document.id}>
                <DocumentRow document={document} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function DocumentRow({ document }: { document: DetailerDocument }) {
  return (
    <Card className="grid gap-1 p-4">
      <div className="flex items-center justify-between gap-2">
        <span className="font-medium text-neutral-900">{documentLabels[document.kind]}</span>
        {document.status === 'pending' && <Badge variant="warning">Waiting for review</Badge>}
        {document.status === 'granted' && <Badge variant="success">{badgeLabels[document.kind]}</Badge>}
        {document.status === 'refused' && <Badge variant="danger">Not accepted</Badge>}
      </div>
      <p className="text-sm text-neutral-600">Expires {dayLabel(document.expiresOn)}</p>
      {document.reason && <p className="text-sm text-danger-800">{document.reason}</p>}
    </Card>
  );
}

function SendDocument() {
  const id = useId();
  const submit = useSubmitDocument();
  const [kind, setKind] = useState<DocumentKind>('insurance');
  const [expiresOn, setExpiresOn] = useState('');
  const [uploadId, setUploadId] = useState<number | null>(null);
  const [uploadKey, setUploadKey] = useState(0);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (uploadId === null) return;
    submit.mutate(
      { kind, uploadId, expiresOn },
      {
        onSuccess: () => {
          toast({ title: 'Document sent', description: 'We will check it soon.' });
          setUploadId(null);
          setExpiresOn('');
          setUploadKey((key) => key + 1);
        },
        onError: (error) => toast({ title: 'Not sent', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
      },
    );
  };

  return (
    <Card className="p-4">
      <form onSubmit={onSubmit} className="grid gap-4" aria-label="Send a document">
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium text-neutral-900">Document</legend>
          <RadioGroup value={kind} onValueChange={(value) => setKind(value as DocumentKind)} className="grid gap-2">
            {documentKinds.map((value) => (
              <div key={value} className="flex min-h-11 items-center gap-3">
                <RadioGroupItem id={`${id}-${value}`} value={value} />
                <Label htmlFor={`${id}-${value}`}>{documentLabels[value]}</Label>
              </div>
            ))}
          </RadioGroup>
        </fieldset>
        <ImageUpload
          key={uploadKey}
          label="Photo of the document"
          onUploaded={(upload) => setUploadId(upload.id)}
          onRemove={() => setUploadId(null)}
        />
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-expires`}>Expiry date</Label>
          <Input id={`${id}-expires`} type="date" required value={expiresOn} onChange={(event) => setExpiresOn(event.target.value)} />
        </div>
        <Button type="submit" disabled={uploadId === null || !expiresOn || submit.isPending}>
          Send for review
        </Button>
      </form>
    </Card>
  );
}
