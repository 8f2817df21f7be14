import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
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
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: true,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // Checksums only where S3 requires them: many compatible services do not understand the trailing ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
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
