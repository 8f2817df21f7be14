import { passwordMinLength } from '@core/domain/password-policy.ts';
import { TextField, type TextFieldProps } from '@/components/ui/text-field.tsx';

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
