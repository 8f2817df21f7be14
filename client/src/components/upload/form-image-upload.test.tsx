// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormImageUpload } from './form-image-upload.tsx';

afterEach(cleanup);

describe('FormImageUpload', () => {
  it('shows the saved image, and Remove photo clears both the preview and the upload id', () => {
    const onUploadIdChange = vi.fn();
    render(<FormImageUpload label="Car photo" savedUrl="/api/uploads/7" onUploadIdChange={onUploadIdChange} />);
    expect(screen.getByAltText('Preview of car photo').getAttribute('src')).toBe('/api/uploads/7');
    fireEvent.click(screen.getByRole('button', { name: 'Remove photo' }));
    expect(onUploadIdChange).toHaveBeenCalledWith(null);
    expect(screen.queryByAltText('Preview of car photo')).toBeNull();
  });
});
