import { uploadImageTypes, uploadMaxBytes, type UploadImageType } from '@core/domain/uploads.ts';
import type { Upload } from '@core/schemas/upload.ts';
import { ApiError } from '@/lib/api-client.ts';

export type { Upload };

/** The image types a picker offers and the server takes (it reads the bytes; this is only the first check). */
export const acceptedImageTypes: readonly string[] = uploadImageTypes;
export const acceptAttribute = uploadImageTypes.join(',');

export const wrongTypeMessage = 'Choose a JPEG, PNG or WebP image';
export const tooLargeMessage = 'This image is larger than 8 MB; choose a smaller one';

/** The problem with a file before it is sent (its declared type, its size), or null. The server checks again. */
export function imageFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!acceptedImageTypes.includes(file.type as UploadImageType)) return wrongTypeMessage;
  if (file.size > uploadMaxBytes) return tooLargeMessage;
  return null;
}

/**
 * POST /api/uploads: sends one image as multipart/form-data and reports the share sent (0 to 1) as it goes, which
 * fetch cannot do, hence XMLHttpRequest. A refusal raises the ApiError api-client raises, so errorMessage() reads it.
 */
export function uploadImage(file: File, onProgress?: (fraction: number) => void, signal?: AbortSignal): Promise<Upload> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/uploads');
    request.withCredentials = true;
    request.responseType = 'text';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(1, event.loaded / event.total));
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress?.(1);
        try {
          resolve(JSON.parse(request.responseText) as Upload);
        } catch {
          reject(new ApiError(request.status, request.responseText, request.statusText));
        }
        return;
      }
      reject(new ApiError(request.status, request.responseText, request.statusText));
    };
    request.onerror = () => reject(new Error('The image could not be sent; check your connection and try again'));
    request.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    const form = new FormData();
    form.append('file', file);
    request.send(form);
  });
}

/** The address of one stored width of an upload. */
export const uploadWidthUrl = (url: string, width: number) => `${url}?w=${width}`;
