// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { imageFileProblem, tooLargeMessage, uploadImage, wrongTypeMessage } from './upload-image.ts';

afterEach(() => vi.unstubAllGlobals());

/** An XMLHttpRequest that sends its upload in two steps and answers `status` with `body`. */
function stubRequest(status: number, body: string) {
  const sent: { method?: string; url?: string; withCredentials?: boolean; form?: FormData } = {};
  class FakeRequest {
    status = 0;
    statusText = '';
    responseText = '';
    responseType = '';
    withCredentials = false;
    upload: { onprogress: ((event: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    open(method: string, url: string) {
      Object.assign(sent, { method, url });
    }
    abort() {}
    send(form: FormData) {
      Object.assign(sent, { form, withCredentials: this.withCredentials });
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      this.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
      Object.assign(this, { status, responseText: body, statusText: status === 201 ? 'Created' : 'Bad Request' });
      this.onload?.();
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
  return sent;
}

const photo = () => new File([new Uint8Array([0xff, 0xd8, 0xff])], 'car.jpg', { type: 'image/jpeg' });

describe('imageFileProblem', () => {
  it('names a wrong type or a file over 8 MB before anything is sent', () => {
    expect(imageFileProblem({ type: 'image/jpeg', size: 1000 })).toBeNull();
    expect(imageFileProblem({ type: 'image/webp', size: 8 * 1024 * 1024 })).toBeNull();
    expect(imageFileProblem({ type: 'image/gif', size: 1000 })).toBe(wrongTypeMessage);
    expect(imageFileProblem({ type: '', size: 1000 })).toBe(wrongTypeMessage);
    expect(imageFileProblem({ type: 'image/png', size: 8 * 1024 * 1024 + 1 })).toBe(tooLargeMessage);
  });
});

describe('uploadImage', () => {
  it('posts the file as "file" with the cookie, reports progress and answers the upload', async () => {
    const sent = stubRequest(201, JSON.stringify({ id: 7, url: '/api/uploads/7', width: 800, height: 600 }));
    const progress: number[] = [];
    const upload = await uploadImage(photo(), (fraction) => progress.push(fraction));
    expect(upload).toEqual({ id: 7, url: '/api/uploads/7', width: 800, height: 600 });
    expect(sent).toMatchObject({ method: 'POST', url: '/api/uploads', withCredentials: true });
    expect((sent.form!.get('file') as File).name).toBe('car.jpg');
    expect(progress).toEqual([0.5, 1, 1]);
  });

  it("raises api-client's ApiError with the server's message", async () => {
    stubRequest(400, JSON.stringify({ code: 'bad_request', message: 'Upload a JPEG, PNG or WebP image' }));
    const error = await uploadImage(photo()).catch((cause: unknown) => cause);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: expect.stringMatching(/^400: /) });
    expect(errorMessage(error, 'fallback')).toBe('Upload a JPEG, PNG or WebP image');
  });
});
