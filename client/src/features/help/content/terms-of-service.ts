import type { HelpFigures } from './faq-figures.ts';
import type { LegalDocumentContent } from './types.ts';

// The booking, payment and cancellation terms are the rules the server enforces (core/domain/booking-status.ts,
// pricing.ts, credits.ts; docs/decisions 003, 005, 012); the figures are read from them.
export const termsOfServiceFor = (f: HelpFigures): LegalDocumentContent => ({
  title: 'Terms of Service',
  lastUpdated: '2026-11-23',
  summary:
    'These terms apply when you use Glossly to book a mobile car detailer or to offer detailing services. By creating an account or booking, you agree to them. Please read them together with our Privacy Policy.',
  sections: [
    {
      id: 'the-service',
      title: 'What Glossly does',
      paragraphs: [
        'Glossly runs the app that lets customers in the United States find and book mobile car detailers who come to them. Detailers are independent businesses, not Glossly employees or agents: each sets its own services, prices, hours and service area, and does the work itself.',
        'Glossly is responsible for the app, for handling bookings and payments, and for support. The detailer is responsible for the service they perform.',
      ],
    },
    {
      id: 'your-account',
      title: 'Your account',
      items: [
        'Give your real name and an email address you can read, and confirm it with the link we send.',
        'Keep your password to yourself. You are responsible for what is done with your account; if you think someone else has used it, reset your password, which signs you out everywhere.',
        'You can sign up as a customer or as a service provider (detailer). Admin accounts are given only by Glossly.',
        'We may suspend or disable an account that breaks these terms. Disabling an account ends all of its sessions at once.',
      ],
    },
    {
      id: 'bookings',
      title: 'Bookings',
      items: [
        "Times are offered in the detailer's time zone, only when the detailer is available, up to " +
          `${f.bookingHorizonDays} days ahead.`,
        `When you move on to payment, your time is held for ${f.holdMinutes} minutes. If payment is not completed by then, the hold ends and the time is released. You may have at most ${f.maxUnpaidHolds} unpaid holds at once.`,
        "The job address must be inside the detailer's service area. You agree to give an accurate address and vehicle type and to give the detailer access to the vehicle at the booked time.",
        `Once paid, a booking with a detailer who takes instant bookings is accepted at once; any other booking is a request. The detailer may accept or decline it. A request not accepted within ${f.requestTimeoutHours} hours, or by its start time, expires.`,
        'Each change to a booking is shown in the app and sent to the other side as a notification.',
      ],
    },
    {
      id: 'prices-and-payment',
      title: 'Prices and payment',
      items: [
        `A booking costs the service price, plus a ${f.serviceFee} service fee, plus ${f.taxPercent} tax on the service price. The amounts are worked out by Glossly and shown before you pay.`,
        'When you book, you authorize us to place a hold on your card for the total. The card is charged only when the detailer marks the service completed. A decline, an expiry or a free cancellation releases the hold.',
        'Payments are processed by our payment processor. Glossly never stores your card number.',
        `Referral credits can reduce what your card pays, but a card is always charged at least ${f.minimumCardCharge}. Credits are used when the payment is authorized and returned if the booking is cancelled, declined or expires. Credits have no cash value.`,
      ],
    },
    {
      id: 'cancellations',
      title: 'Cancellations and changes',
      items: [
        'You can cancel a booking while it is waiting for payment, waiting for the detailer or accepted. Once the detailer is on the way, it can no longer be cancelled in the app.',
        `Cancelling is free until ${f.freeCancellationHours} hours before the start. After that, cancelling costs a ${f.lateCancellationFee} late cancellation fee, which is charged to your card; the rest of the hold is released and any credits you used are returned. The app shows the fee and asks you to confirm before you cancel.`,
        'You can reschedule to another available time until the detailer is on the way. The new time must meet the same rules as a new booking.',
        'A detailer may decline a request before accepting it. You are not charged for a declined or expired request.',
      ],
    },
    {
      id: 'refunds',
      title: 'Refunds',
      paragraphs: [
        'Before a service is completed your card has only been authorized, so there is nothing to refund: the hold is released as described above. How quickly it disappears from your statement depends on your bank.',
        'If something went wrong with a completed service, contact support. We will look into it with you and the detailer, and may refund all or part of the amount charged, to the card you paid with. A refund is never more than what was charged.',
      ],
    },
    {
      id: 'for-detailers',
      title: 'For detailers',
      items: [
        'You offer your services as an independent business and are responsible for your work, your equipment, your staff, and any licences, insurance and taxes your business needs.',
        'Keep your availability and service area up to date, and answer requests promptly: a request you do not accept in time expires.',
        "Mark each job's progress in the app: On my way opens 2 hours before the start, Start 30 minutes before it, and Complete charges the customer's card.",
        "Share your location only for a job that is on the way or in progress. Use a customer's name, address and notes only to do the job they booked.",
      ],
    },
    {
      id: 'conduct',
      title: 'Messages and conduct',
      items: [
        'Be respectful in messages. Phone numbers and email addresses are hidden until a detailer accepts a booking, and booking conversations close 7 days after the booking ends.',
        'Report a message that is abusive, unsafe or spam from the conversation; our team reviews reports.',
        "Do not make false bookings, misuse another person's card or account, try to get around the app's payment or security, or collect other users' information.",
      ],
    },
    {
      id: 'responsibility',
      title: 'Responsibility and disputes',
      paragraphs: [
        'Detailers are responsible for the services they perform and for any damage they cause. If you have a problem with a booking, contact support first: we will help you and the detailer resolve it.',
        'To the extent the law allows, Glossly is not liable for indirect or consequential losses, and our total liability for a booking is limited to the amount paid for it. Nothing in these terms limits rights you have under consumer protection law.',
      ],
    },
    {
      id: 'ending',
      title: 'Ending your account',
      paragraphs: [
        'You can ask us to delete your account at any time by contacting support; the Privacy Policy explains what we delete and what we must keep. Bookings that are still under way must be completed or cancelled first.',
      ],
      link: { href: '/privacy-policy', label: 'Read the Privacy Policy' },
    },
    {
      id: 'changes',
      title: 'Changes to these terms',
      paragraphs: [
        'When we change these terms we update the date at the top. If a change matters to you, we tell you in the app or by email before it takes effect. Bookings already made keep the terms in force when they were made.',
      ],
    },
    {
      id: 'contact',
      title: 'Contact us',
      paragraphs: [
        'Questions about these terms? Sign in and use Contact support on the Help & Support page; our reply appears in Messages.',
      ],
      link: { href: '/help-support', label: 'Go to Help & Support' },
    },
  ],
});
