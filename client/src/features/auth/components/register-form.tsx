import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { Registration, RegisterInput } from '@core/schemas/auth.ts';
import { Button } from '@/components/ui/button.tsx';
import { FieldError } from '@/components/ui/field-error.tsx';
import { Label } from '@/components/ui/label.tsx';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { toast } from '@/lib/toast.ts';
import { useRegister } from '../api/register.ts';
import { CheckEmailPanel } from './check-email-panel.tsx';
import { EmailField, NewPasswordFields } from './email-password-fields.tsx';
import { schemaResolver } from '@/lib/schema-resolver.ts';

const resolver = schemaResolver<RegisterInput, Registration>(() =>
  import('@core/schemas/auth.ts').then((schemas) => schemas.registerSchema),
);

// The form offers customer and service provider; admins are made by ADMIN_EMAILS or another admin.
const accountTypes = [
  { value: 'customer', label: 'Customer - Book detailing services' },
  { value: 'detailer', label: 'Service Provider - Offer detailing services' },
] as const;

/**
 * Creates the account; the answer is a 'Check your email' panel, the confirmation link signs in (decision 010).
 * `referralCode` comes from a friend's share link (/login?ref=CODE); only a customer account takes one (issue 18).
 */
export function RegisterForm({ referralCode = '' }: { referralCode?: string }) {
  const form = useForm<RegisterInput, unknown, Registration>({
    resolver,
    defaultValues: { name: '', username: '', email: '', password: '', confirmPassword: '', role: 'customer', referralCode },
  });
  const isCustomer = useWatch({ control: form.control, name: 'role' }) === 'customer';
  const registerMutation = useRegister();
  const { errors, isSubmitting } = form.formState;
  const [sent, setSent] = useState<{ email: string; outboxPath?: string } | null>(null);

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const answer = await registerMutation.mutateAsync(input.role === 'customer' ? input : { ...input, referralCode: undefined });
      toast({ title: 'Registration successful', description: 'Your account has been created' });
      setSent({ email: input.email, outboxPath: answer.outboxPath });
    } catch (error) {
      const codeProblem = error instanceof ApiError ? error.fields?.referralCode : undefined;
      if (codeProblem) form.setError('referralCode', { message: codeProblem }, { shouldFocus: true });
      toast({
        title: 'Registration failed',
        description: errorMessage(error, 'Please try again with different information'),
        variant: 'destructive',
      });
    }
  });

  if (sent) return <CheckEmailPanel email={sent.email} outboxPath={sent.outboxPath} />;

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="grid gap-4">
      <TextField label="Full Name" autoComplete="name" placeholder="Jane Doe" error={errors.name?.message} {...form.register('name')} />
      <TextField
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        placeholder="janedoe"
        error={errors.username?.message}
        {...form.register('username')}
      />
      <EmailField error={errors.email?.message} {...form.register('email')} />
      <NewPasswordFields
        password={{ error: errors.password?.message, ...form.register('password') }}
        confirmPassword={{ error: errors.confirmPassword?.message, ...form.register('confirmPassword') }}
      />
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium text-neutral-800">Account Type</legend>
        <Controller
          control={form.control}
          name="role"
          render={({ field }) => (
            <RadioGroup
              value={field.value}
              onValueChange={field.onChange}
              aria-invalid={errors.role ? true : undefined}
              aria-describedby={errors.role ? 'register-role-error' : undefined}
            >
              {accountTypes.map((type) => (
                <Label
                  key={type.value}
                  className="flex min-h-11 cursor-pointer items-center gap-3 rounded-control border border-neutral-200 px-3 has-[[data-state=checked]]:border-brand-600 has-[[data-state=checked]]:bg-brand-50"
                >
                  <RadioGroupItem value={type.value} />
                  {type.label}
                </Label>
              ))}
            </RadioGroup>
          )}
        />
        <FieldError id="register-role-error">{errors.role?.message}</FieldError>
      </fieldset>
      {isCustomer && (
        <TextField
          label="Referral code"
          autoCapitalize="characters"
          autoComplete="off"
          placeholder="Optional"
          error={errors.referralCode?.message}
          {...form.register('referralCode')}
        />
      )}
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Creating account...' : 'Create account'}
      </Button>
    </form>
  );
}
