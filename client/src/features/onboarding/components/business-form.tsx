import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { businessProfileLimits } from '@core/domain/business-profile.ts';
import type { BusinessForm, BusinessProfile } from '@core/schemas/onboarding.ts';
import { ImageUpload } from '@/components/upload/image-upload.tsx';
import { Button } from '@/components/ui/button.tsx';
import { FieldError } from '@/components/ui/field-error.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { schemaResolver } from '@/lib/schema-resolver.ts';
import { toast } from '@/lib/toast.ts';
import { useUpdateBusiness } from '../api/update-business.ts';

const resolver = schemaResolver<BusinessForm>(() => import('@core/schemas/onboarding.ts').then((schemas) => schemas.businessFormSchema));

const formFields = ['businessName', 'description'] as const;

/**
 * The business step on the setup page: the logo is saved as soon as it is uploaded; name and description together.
 * The server's field messages land on their fields.
 */
export function BusinessProfileForm({ business }: { business: BusinessProfile }) {
  const id = useId();
  const update = useUpdateBusiness();
  const form = useForm<BusinessForm>({
    resolver,
    defaultValues: { businessName: business.businessName, description: business.description },
  });
  const { errors, isSubmitting } = form.formState;
  const descriptionLength = useWatch({ control: form.control, name: 'description' })?.length ?? 0;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await update.mutateAsync(input);
      toast({ title: 'Business details saved' });
    } catch (error) {
      let placed = false;
      for (const field of formFields) {
        const message = error instanceof ApiError ? error.fields?.[field] : undefined;
        if (message) {
          form.setError(field, { type: 'server', message });
          placed = true;
        }
      }
      if (!placed)
        toast({ title: 'Could not save your business', description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
    }
  });

  const saveLogo = async (logoUploadId: number) => {
    try {
      await update.mutateAsync({ logoUploadId });
      toast({ title: 'Logo saved' });
    } catch (error) {
      toast({ title: 'Could not save your logo', description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
    }
  };

  const field = (name: (typeof formFields)[number]) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': [`${id}-${name}-hint`, errors[name] ? `${id}-${name}-error` : null].filter(Boolean).join(' '),
  });

  return (
    <div className="grid gap-5">
      <ImageUpload label="Logo or photo" currentUrl={business.logoUrl} onUploaded={(upload) => void saveLogo(upload.id)} />
      <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Business details">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-businessName`}>Business name</Label>
          <Input autoComplete="organization" {...field('businessName')} {...form.register('businessName')} />
          <p id={`${id}-businessName-hint`} className="text-xs text-neutral-600">
            What customers see on your card and your page.
          </p>
          <FieldError id={`${id}-businessName-error`}>{errors.businessName?.message}</FieldError>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-description`}>Description</Label>
          <Textarea rows={5} {...field('description')} {...form.register('description')} />
          <p id={`${id}-description-hint`} className="text-xs text-neutral-600">
            What you do and what makes you good at it: {businessProfileLimits.descriptionMin} to {businessProfileLimits.descriptionMax}{' '}
            characters ({descriptionLength} so far).
          </p>
          <FieldError id={`${id}-description-error`}>{errors.description?.message}</FieldError>
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save business details'}
        </Button>
      </form>
    </div>
  );
}
