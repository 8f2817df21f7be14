import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { connectionFailure, UnavailableError, urlTarget } from '../startup.ts';
import { checkObjectKey, type ObjectStorage } from './storage-contract.ts';

export type S3StorageOptions = {
  bucket: string;
  /** The service's address: AWS's regional one, MinIO's, R2's, or a local test server's. */
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
};

/** Whether the service said there is no such object (S3 answers NoSuchKey; some compatible services a bare 404). */
function isMissing(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404;
}

/**
 * Objects in an S3-compatible bucket (decision 019), chosen when S3_BUCKET is set. Path-style addresses
 * (endpoint/bucket/key) work with every compatible service, where bucket sub-domains need DNS of their own.
 */
export function createS3Storage(options: S3StorageOptions): ObjectStorage & { client: S3Client } {
  const client = s3Client(options);
  const Bucket = options.bucket;
  return {
    client,
    async put(key, data) {
      await client.send(new PutObjectCommand({ Bucket, Key: checkObjectKey(key), Body: data, ContentLength: data.length }));
    },
    async get(key) {
      try {
        const response = await client.send(new GetObjectCommand({ Bucket, Key: checkObjectKey(key) }));
        if (!response.Body) return null;
        return Buffer.from(await response.Body.transformToByteArray());
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      // S3 answers 204 for a key with nothing under it, as the interface asks.
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkObjectKey(key) }));
    },
  };
}

function s3Client(options: S3StorageOptions, extra: { maxAttempts?: number } = {}): S3Client {
  // The SDK's advisory that its later versions need Node 22 comes as 7 lines on stderr at the first client: the
  // version is pinned (package.json), so it tells an operator nothing to do, and it broke start-up's one-line
  // failure (decision 041). An operator who sets the variable to false still sees it.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  return new S3Client({
    ...extra,
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: true,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // Checksums only where S3 requires them: many compatible services do not understand the trailing ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** How long start-up waits for the bucket's answer. */
export const s3CheckTimeoutMs = 5000;

/**
 * Start-up's check that the bucket answers (HEAD bucket, one attempt, 5 s): an unreachable endpoint, a missing bucket
 * or refused keys stop start-up with one line instead of failing every upload later.
 */
export async function checkS3Bucket(options: S3StorageOptions, timeoutMs = s3CheckTimeoutMs): Promise<void> {
  const client = s3Client(options, { maxAttempts: 1 });
  const target = urlTarget(options.endpoint, options.endpoint.startsWith('https:') ? 443 : 80);
  try {
    await client.send(new HeadBucketCommand({ Bucket: options.bucket }), { abortSignal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    if (error instanceof S3ServiceException) {
      const status = error.$metadata.httpStatusCode;
      if (status === 404) throw new UnavailableError('s3-bucket', `${options.bucket} does not exist at ${target}`, { cause: error });
      if (status === 401 || status === 403)
        throw new UnavailableError('s3-credentials', `${target} refused the keys for bucket ${options.bucket} (${status})`, {
          cause: error,
        });
      throw new UnavailableError('s3', `${target} answered ${status ?? error.name} for bucket ${options.bucket}`, { cause: error });
    }
    const timedOut = error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
    throw connectionFailure('s3', target, timedOut ? new Error('timeout') : error, timeoutMs);
  } finally {
    client.destroy();
  }
}
