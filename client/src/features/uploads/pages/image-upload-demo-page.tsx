import { useState } from 'react';
import { Link } from 'wouter';
import { ImagePlus } from 'lucide-react';
import { storedUploadWidths } from '@core/schemas/upload.ts';
import { ImageUpload } from '@/components/upload/image-upload.tsx';
import { uploadWidthUrl, type Upload } from '@/components/upload/api/upload-image.ts';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { LoadingState } from '@/components/ui/loading-state.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { loginPathFor } from '@/lib/return-to.ts';
import { useCurrentUser } from '@/lib/session/get-current-user.ts';

/** The `srcset` of an upload: one candidate per stored width, so the browser fetches the smallest that is sharp enough. */
const srcSetOf = (upload: Upload) =>
  storedUploadWidths(upload.width)
    .map((width) => `${uploadWidthUrl(upload.url, width)} ${width}w`)
    .join(', ');

/** /image-upload-demo: the one image picker of the app (car photos, profile photos), tried out on its own. */
export default function ImageUploadDemoPage() {
  const { user, isLoading } = useCurrentUser();
  return (
    <div className="flex flex-col gap-4 p-4">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">Image upload</h1>
        <p className="text-sm text-neutral-600">
          Try the photo picker used for car and profile photos. Your image is checked, turned upright and stripped of its hidden details
          (such as where it was taken), then stored in three sizes for fast loading.
        </p>
      </div>
      {isLoading ? (
        <LoadingState label="Loading">
          <Skeleton className="h-56" />
        </LoadingState>
      ) : user ? (
        <UploadDemo />
      ) : (
        <SignInPrompt />
      )}
    </div>
  );
}

function SignInPrompt() {
  return (
    <Card>
      <CardContent className="grid gap-3 py-5">
        <div className="flex items-start gap-3">
          <span aria-hidden className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-600">
            <ImagePlus className="size-5" />
          </span>
          <div className="grid gap-1">
            <h2 className="text-lg font-semibold text-neutral-900">Sign in to upload</h2>
            <p className="text-sm text-neutral-600">
              Uploads need an account: your photos are private to you. We bring you straight back here.
            </p>
          </div>
        </div>
        <Button asChild size="lg" className="w-full">
          <Link href={loginPathFor('/image-upload-demo')}>Sign in</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

function UploadDemo() {
  const [upload, setUpload] = useState<Upload | null>(null);
  return (
    <>
      <Card>
        <CardContent className="py-5">
          <ImageUpload label="Demo photo" currentUrl={upload?.url} onUploaded={setUpload} onRemove={() => setUpload(null)} />
        </CardContent>
      </Card>
      {upload && <UploadResult upload={upload} />}
    </>
  );
}

function UploadResult({ upload }: { upload: Upload }) {
  const widths = storedUploadWidths(upload.width);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Stored image</CardTitle>
        <CardDescription>What the server kept, shown as a responsive image: your browser picks the size it needs.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 pb-5">
        <img
          src={uploadWidthUrl(upload.url, widths.at(-1)!)}
          srcSet={srcSetOf(upload)}
          sizes="(min-width: 32rem) 30rem, calc(100vw - 4rem)"
          width={upload.width}
          height={upload.height}
          alt="The stored demo photo"
          className="h-auto w-full rounded-control bg-neutral-100"
        />
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-neutral-600">Dimensions</dt>
          <dd className="font-medium text-neutral-900">
            {upload.width} x {upload.height} px
          </dd>
          <dt className="text-neutral-600">Stored widths</dt>
          <dd className="font-medium text-neutral-900">{widths.map((width) => `${width} px`).join(', ')}</dd>
          <dt className="text-neutral-600">Format</dt>
          <dd className="font-medium text-neutral-900">WebP, no metadata</dd>
          <dt className="text-neutral-600">Address</dt>
          <dd className="font-mono text-xs break-all text-neutral-900">{upload.url}</dd>
        </dl>
      </CardContent>
    </Card>
  );
}
