import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  adminServiceFormSchema,
  type AdminService,
  type AdminServiceFormValues,
  type AdminServiceUpdate,
} from '@core/schemas/admin-catalog.ts';
import { ImageUpload } from '@/components/upload/image-upload.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { schemaResolver } from '@/lib/schema-resolver.ts';
import { toast } from '@/lib/toast.ts';
import { useChangeAdminService } from '../api/change-admin-service.ts';

// The schema comes with the page, not at first use: the category forms beside this one on /admin/services check a name
// with the same module's adminCategoryInputSchema as they submit, and a page that both imports a module and loads it
// with import() can lose its entry in the build (glossly:route-preloads).
const resolver = schemaResolver<AdminServiceFormValues>(() => Promise.resolve(adminServiceFormSchema));

/** Edit a service's name, description and photo on a detailer's behalf: customers see the change at once. */
export function EditAdminServiceDialog({ service, onClose }: { service: AdminService | null; onClose: () => void }) {
  return (
    <Dialog open={service !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>{service && <EditServiceForm key={service.id} service={service} onClose={onClose} />}</DialogContent>
    </Dialog>
  );
}

/** The photo as the form holds it: kept, replaced by an upload, or removed (the stock picture then shows). */
type Photo = { uploadId: number | null; url: string | null };

function EditServiceForm({ service, onClose }: { service: AdminService; onClose: () => void }) {
  const change = useChangeAdminService();
  const [photo, setPhoto] = useState<Photo>({
    uploadId: service.imageUploadId,
    url: service.imageUploadId === null ? null : service.imageUrl,
  });
  const { register, handleSubmit, setError, formState } = useForm<AdminServiceFormValues>({
    resolver,
    defaultValues: { name: service.name, description: service.description },
  });
  const errors = formState.errors;

  const onSubmit = handleSubmit((values) => {
    const input: AdminServiceUpdate = {
      ...(values.name !== service.name ? { name: values.name } : {}),
      ...(values.description !== service.description ? { description: values.description } : {}),
      ...(photo.uploadId !== service.imageUploadId ? { imageUploadId: photo.uploadId } : {}),
    };
    if (Object.keys(input).length === 0) {
      onClose();
      return;
    }
    change.mutate(
      { kind: 'update', serviceId: service.id, input },
      {
        onSuccess: () => {
          toast({ title: 'Service saved' });
          onClose();
        },
        onError: (error) => {
          const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
          if (fields.name) setError('name', { message: fields.name }, { shouldFocus: true });
          else if (fields.description) setError('description', { message: fields.description }, { shouldFocus: true });
          else toast({ title: "Couldn't save the service", description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <DialogTitle>Edit service</DialogTitle>
      <DialogDescription>
        {service.businessName} · {service.categoryName}
      </DialogDescription>
      <FormField id="admin-service-name" label="Name" error={errors.name?.message}>
        {(control) => <Input {...control} {...register('name')} />}
      </FormField>
      <FormField id="admin-service-description" label="Description" error={errors.description?.message}>
        {(control) => <Textarea {...control} {...register('description')} />}
      </FormField>
      <ImageUpload
        label="Service photo"
        currentUrl={photo.url}
        onUploaded={(upload) => setPhoto({ uploadId: upload.id, url: upload.url })}
        onRemove={() => setPhoto({ uploadId: null, url: null })}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <Button type="button" variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? 'Saving...' : 'Save service'}
        </Button>
      </div>
    </form>
  );
}
