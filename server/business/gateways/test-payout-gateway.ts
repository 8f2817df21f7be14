import { createHash, randomBytes } from 'node:crypto';
import type { GatewayPayoutAccount, PayoutGateway, TransferInput } from '../payout-gateway.ts';
import { PayoutRefusedError } from '../payout-gateway.ts';

/** Stripe's test bank account numbers, honoured the same way: this one's payouts fail (no such account). */
export const testBankAccounts = { success: '000123456789', payoutFails: '000111111116' } as const;

export const payoutFailsMessage = 'The bank account could not be found. Check the account number and try again.';

const failingPrefix = 'acct_test_fails_';

/**
 * The built-in gateway's simulated payouts: no network, the same states as Stripe Connect. What it keeps on "its
 * side" is the account reference itself (whether its payouts fail, decided once from the test number, which is then
 * forgotten) and the transfer id on the payout row, derived from the idempotency key, so a retried transfer answers
 * the same id and pays once.
 */
export class TestPayoutGateway implements PayoutGateway {
  readonly kind = 'test' as const;

  async createAccount({ bank }: { detailerId: number; email: string; bank?: { accountNumber: string } }): Promise<GatewayPayoutAccount> {
    if (!bank) throw new PayoutRefusedError('Bank details are required for the built-in payout gateway');
    const fails = bank.accountNumber === testBankAccounts.payoutFails;
    return {
      ref: `${fails ? failingPrefix : 'acct_test_'}${randomBytes(12).toString('hex')}`,
      status: 'active',
      description: `Bank account ending ${bank.accountNumber.slice(-4)}`,
    };
  }

  async retrieveAccount(accountRef: string): Promise<GatewayPayoutAccount> {
    return { ref: accountRef, status: 'active', description: '' };
  }

  async transfer({ accountRef, idempotencyKey }: TransferInput): Promise<string> {
    if (accountRef.startsWith(failingPrefix)) throw new PayoutRefusedError(payoutFailsMessage);
    return `tr_test_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24)}`;
  }
}
