import { accountTopic } from './faq-account.ts';
import { bookingTopicFor, paymentsTopicFor } from './faq-booking-payments.ts';
import { cancellationsTopicFor, detailersTopicFor } from './faq-cancellations-detailers.ts';
import { figures, type HelpFigures } from './faq-figures.ts';
import type { FaqTopic } from './types.ts';

/** The help centre's questions with these figures, in the order the page shows their topics. */
export const faqTopicsFor = (f: HelpFigures): readonly FaqTopic[] => [
  bookingTopicFor(f),
  paymentsTopicFor(f),
  cancellationsTopicFor(f),
  detailersTopicFor(f),
  accountTopic,
];

/** With the spec's figures (before the live settings arrive). */
export const faqTopics: readonly FaqTopic[] = faqTopicsFor(figures);
