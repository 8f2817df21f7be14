import { useId, type ComponentProps } from 'react';
import { passwordMinLength } from '@core/domain/password-policy.ts';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { FieldError } from '@/components/ui/field-error.tsx';

type TextFieldProps = ComponentProps<typeof Input> & { label: string; error?: string };

/** A labelled input with its validation message underneath, wired for screen readers. */
export function TextField({ label, error, id, ...props }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={inputId}>{label}</Label>
      <Input id={inputId} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} {...props} />
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

/** The email field every account form starts with. */
export function EmailField(props: Omit<TextFieldProps, 'label' | 'type'>) {
  return <TextField label="Email" type="email" autoComplete="email" placeholder="you@example.com" {...props} />;
}

type FieldProps = Omit<TextFieldProps, 'label' | 'type'>;

/** A new password and its confirmation, as registration and a password reset ask for them. */
export function NewPasswordFields({
  label = 'Password',
  password,
  confirmPassword,
}: {
  label?: string;
  password: FieldProps;
  confirmPassword: FieldProps;
}) {
  return (
    <>
      <TextField
        label={label}
        type="password"
        autoComplete="new-password"
        placeholder={`At least ${passwordMinLength} characters`}
        {...password}
      />
      <TextField
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        placeholder="Repeat your password"
        {...confirmPassword}
      />
    </>
  );
}
