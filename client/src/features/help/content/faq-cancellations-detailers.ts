import type { HelpFigures } from './faq-figures.ts';
import type { FaqTopic } from './types.ts';

export const cancellationsTopicFor = (f: HelpFigures): FaqTopic => ({
  id: 'cancellations',
  title: 'Cancellations',
  entries: [
    {
      id: 'how-to-cancel',
      question: 'How do I cancel a booking?',
      answer: [
        'Open the booking in My Bookings and tap Cancel booking. You can cancel while it is waiting for payment, waiting for the detailer, or accepted.',
      ],
    },
    {
      id: 'is-it-free',
      question: 'Is cancelling free?',
      answer: [
        `Yes, until ${f.freeCancellationHours} hours before the booking starts. After that, cancelling costs a ${f.lateCancellationFee} late cancellation fee.`,
        'When a fee applies, the app shows the amount and asks you to confirm before anything happens.',
      ],
    },
    {
      id: 'money-on-cancel',
      question: 'What happens to my payment when I cancel?',
      answer: [
        'A free cancellation releases the whole hold on your card. A late cancellation charges only the late cancellation fee and releases the rest.',
        'Referral credits you used come back to your account either way.',
      ],
    },
    {
      id: 'on-the-way',
      question: 'Can I cancel once the detailer is on the way?',
      answer: [
        'Not in the app. Once your detailer has set off, the booking can no longer be cancelled or rescheduled. Message your detailer from the booking, or contact support if you cannot be there.',
      ],
    },
    {
      id: 'declined-expired',
      question: 'What if the detailer declines or never answers?',
      answer: [
        `If the detailer declines, or does not accept within ${f.requestTimeoutHours} hours (or by the start time), the booking ends and the hold on your card is released. You are not charged, and you can book another detailer.`,
      ],
    },
    {
      id: 'detailer-cannot-come',
      question: 'What if my detailer cannot make it after accepting?',
      answer: [
        'Contact support from this page. We will help you find another time or another detailer. You are charged only when a service is completed, so you never pay for a visit that did not happen.',
      ],
    },
  ],
});

export const detailersTopicFor = (f: HelpFigures): FaqTopic => ({
  id: 'detailers',
  title: 'Detailers',
  entries: [
    {
      id: 'who',
      question: 'Who are the detailers?',
      answer: [
        'Independent businesses, not Glossly employees. Each one sets its own services, prices, working hours and service area. Their profile shows their rating and how many reviews it is based on.',
      ],
    },
    {
      id: 'what-they-see',
      question: 'What does my detailer see about me?',
      answer: [
        'Once you have paid, your detailer sees your name, the job address, your vehicle type, your notes and the service and time you booked. They never see your email address or your card.',
        'Before you pay, your booking is not shown to the detailer at all.',
      ],
    },
    {
      id: 'messaging',
      question: 'How do I message my detailer?',
      answer: [
        'Open your booking in My Bookings and tap Message detailer. Phone numbers and email addresses in messages show as [contact hidden] until the detailer accepts the booking.',
        'A conversation becomes read-only 7 days after the booking ends. If a message is inappropriate, report it from the conversation and our team will review it.',
      ],
    },
    {
      id: 'tracking',
      question: 'Can I see where my detailer is?',
      answer: [
        "Yes, while they are on the way and during the service, if they share their location. Open Track to see them on a map with an estimated arrival time; you also get an 'Arriving soon' notice when they are close.",
        'Your detailer shares their position only during your booking, and those positions are deleted 24 hours after the job ends.',
      ],
    },
    {
      id: 'accept-time',
      question: 'How long does a detailer have to accept?',
      answer: [
        `${f.requestTimeoutHours} hours from your request, and never later than the start time. Until then, your booking shows as requested.`,
      ],
    },
    {
      id: 'become-detailer',
      question: 'How do I offer my services on Glossly?',
      answer: [
        "Create an account and choose 'Service Provider - Offer detailing services' as the account type. You can then set your weekly availability, accept or decline requests, and share your location with customers during a job.",
      ],
    },
  ],
});
