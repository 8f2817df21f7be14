import { lazyDialog } from '@/components/ui/lazy-dialog.tsx';

export type AuthenticationDialogProps = {
  amountCents: number;
  isPending: boolean;
  onAnswer: (approve: boolean) => void;
};

/**
 * The test gateway's 3-D Secure style page: the bank asks the customer to approve the payment. Only such a payment
 * opens it, so it loads then, not with the checkout, subscribe and tip screens.
 */
export const AuthenticationDialog = lazyDialog<AuthenticationDialogProps>(() => import('./authentication-dialog-content.tsx'));
