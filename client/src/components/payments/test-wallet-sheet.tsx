import { lazyDialog } from '@/components/ui/lazy-dialog.tsx';

export type TestWalletSheetProps = {
  /** Left out counts as open (lazyDialog). */
  open?: boolean;
  /** The server's amount (the intent's). */
  amountCents: number;
  isPending: boolean;
  onPay: () => void;
  onCancel: () => void;
};

/**
 * The built-in gateway's test wallet: a sheet like a phone's wallet (the merchant, the amount, the card, Pay). Only a
 * tap on the wallet button opens it, so its code loads then (decision 027).
 */
export const TestWalletSheet = lazyDialog<TestWalletSheetProps>(() => import('./test-wallet-sheet-content.tsx'));
