import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import type { LoginInput } from '@core/schemas/auth.ts';
import type { User } from '@core/schemas/user.ts';
import { Button } from '@/components/ui/button.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { schemaResolver } from '@/lib/schema-resolver.ts';
import { useLogin } from '../api/login.ts';
import { reportSignIn } from '../lib/report-sign-in.ts';
import { EmailField } from './email-password-fields.tsx';

const resolver = schemaResolver<LoginInput>(() => import('@core/schemas/auth.ts').then((schemas) => schemas.loginSchema));

export function LoginForm({ onSignedIn }: { onSignedIn: (user: User) => void }) {
  const form = useForm<LoginInput>({ resolver, defaultValues: { email: '', password: '' } });
  const loginMutation = useLogin();
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    const user = await reportSignIn(loginMutation.mutateAsync(input));
    if (user) onSignedIn(user);
  });

  return (
    // POST, should it ever go the browser's way (no scripts at all): a password never goes into an address.
    <form method="post" noValidate onSubmit={onSubmit} className="grid gap-4">
      <EmailField error={errors.email?.message} {...form.register('email')} />
      <div className="grid gap-1">
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          placeholder="Your password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <Link
          href="/forgot-password"
          className="inline-flex min-h-11 items-center justify-self-end text-sm font-medium text-brand-700 hover:underline"
        >
          Forgot password?
        </Link>
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Logging in...' : 'Login'}
      </Button>
    </form>
  );
}
