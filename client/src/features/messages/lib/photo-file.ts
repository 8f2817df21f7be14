import { messagePhotoMaxBytes, messagePhotoTypes, type MessagePhotoInput, type MessagePhotoType } from '@core/schemas/message.ts';

export const photoAccept = messagePhotoTypes.join(',');

/** Why a chosen file cannot be sent as a message photo, or null when it can (the server checks the bytes again). */
export function photoProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(messagePhotoTypes as readonly string[]).includes(file.type)) return 'Choose a JPEG, PNG or WebP photo.';
  if (file.size > messagePhotoMaxBytes) return 'This photo is larger than 5 MB. Choose a smaller one.';
  return null;
}

/** The file as the contract wants it: base64 without the data-URL prefix. */
export function readPhoto(file: File): Promise<MessagePhotoInput> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const dataUrl = String(reader.result);
      resolve({ contentType: file.type as MessagePhotoType, data: dataUrl.slice(dataUrl.indexOf(',') + 1) });
    };
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the photo'));
    reader.readAsDataURL(file);
  });
}
