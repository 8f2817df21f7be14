import { useState } from 'react';
import { ImageUpload } from './image-upload.tsx';

type FormImageUploadProps = {
  /** What the image is: 'Car photo', 'Service photo'. */
  label: string;
  /** The image saved with what the form edits, shown until another is chosen or it is removed. */
  savedUrl: string | null;
  /** Sets the form's upload-id field: the new upload's id, or null once the image is removed. */
  onUploadIdChange: (uploadId: number | null) => void;
};

/** The image picker of a form: its preview follows the form's upload-id field, set on upload and cleared on remove. */
export function FormImageUpload({ label, savedUrl, onUploadIdChange }: FormImageUploadProps) {
  const [photoUrl, setPhotoUrl] = useState(savedUrl);
  return (
    <ImageUpload
      label={label}
      currentUrl={photoUrl}
      onUploaded={(upload) => {
        setPhotoUrl(upload.url);
        onUploadIdChange(upload.id);
      }}
      onRemove={() => {
        setPhotoUrl(null);
        onUploadIdChange(null);
      }}
    />
  );
}
