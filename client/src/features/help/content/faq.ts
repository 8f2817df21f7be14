import { accountTopic } from './faq-account.ts';
import { bookingTopic, paymentsTopic } from './faq-booking-payments.ts';
import { cancellationsTopic, detailersTopic } from './faq-cancellations-detailers.ts';
import type { FaqTopic } from './types.ts';

/** The help centre's questions, in the order the page shows their topics. */
export const faqTopics: readonly FaqTopic[] = [bookingTopic, paymentsTopic, cancellationsTopic, detailersTopic, accountTopic];
