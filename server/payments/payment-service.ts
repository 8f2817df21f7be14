/**
 * The payment services, in one import for routes, the composition root (buildApp) and tests: checkout (intents, the
 * test gateway's card form, status), the gateway's reports (webhooks), money that follows the booking, saved
 * cards and refunds each live in their own file.
 */
export { bookingNotAwaitingPaymentMessage, creditsChangedMessage } from './payment-common.ts';
export {
  authenticateTestPayment,
  confirmTestPayment,
  confirmWalletPayment,
  createPaymentIntent,
  getBookingPaymentStatus,
  getIntentStatus,
} from './payment-checkout.ts';
export { applyIntentUpdate, handleWebhook } from './payment-intent-updates.ts';
export { applyMoneyEffect } from './payment-transitions.ts';
