import { useForm } from 'react-hook-form';
import { formatUsPhone } from '@core/domain/phone-numbers.ts';
import type { ProfileForm, ProfileFormInput } from '@core/schemas/account.ts';
import type { User } from '@core/schemas/user.ts';
import { ImageUpload } from '@/components/upload/image-upload.tsx';
import { Button } from '@/components/ui/button.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { schemaResolver } from '@/lib/schema-resolver.ts';
import { toast } from '@/lib/toast.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { applyServerFields } from './apply-server-fields.ts';

const resolver = schemaResolver<ProfileFormInput, ProfileForm>(() =>
  import('@core/schemas/account.ts').then((schemas) => schemas.profileFormSchema),
);

const formFields = ['name', 'username', 'phone'] as const;

/** 'Edit profile': name, username and phone saved together; the photo is saved as soon as it is uploaded or removed. */
export function EditProfileForm({ user, onDone }: { user: User; onDone: () => void }) {
  const update = useUpdateProfile();
  const form = useForm<ProfileFormInput, unknown, ProfileForm>({
    resolver,
    defaultValues: { name: user.name, username: user.username, phone: user.phone ? formatUsPhone(user.phone) : '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await update.mutateAsync(input);
      toast({ title: 'Profile updated' });
      onDone();
    } catch (error) {
      const placed = error instanceof ApiError && applyServerFields(error.fields, formFields, form.setError);
      if (!placed)
        toast({ title: 'Could not save your profile', description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
    }
  });

  const savePhoto = async (avatarUploadId: number | null) => {
    try {
      await update.mutateAsync({ avatarUploadId });
      toast({ title: avatarUploadId === null ? 'Photo removed' : 'Photo updated' });
    } catch (error) {
      toast({ title: 'Could not save your photo', description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
    }
  };

  return (
    <div className="grid gap-5">
      <ImageUpload
        label="Profile photo"
        currentUrl={user.avatarUrl}
        onUploaded={(upload) => void savePhoto(upload.id)}
        onRemove={user.avatarUrl ? () => void savePhoto(null) : undefined}
      />
      <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Edit profile">
        <TextField label="Full Name" autoComplete="name" error={errors.name?.message} {...form.register('name')} />
        <TextField
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          error={errors.username?.message}
          {...form.register('username')}
        />
        <TextField
          label="Phone (optional)"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="(415) 555-0123"
          hint="US numbers only. Your detailer can call you about a booking."
          error={errors.phone?.message}
          {...form.register('phone')}
        />
        <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save changes'}
        </Button>
      </form>
    </div>
  );
}
