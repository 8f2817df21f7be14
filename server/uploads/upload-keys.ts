/** Where one stored width of an upload lives: `uploads/{random}/{width}.webp` (the upload row's storage_key). */
export const uploadObjectKey = (storageKey: string, width: number) => `${storageKey}/${width}.webp`;
