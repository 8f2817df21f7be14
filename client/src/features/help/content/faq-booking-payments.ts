import type { HelpFigures } from './faq-figures.ts';
import type { FaqTopic } from './types.ts';

export const bookingTopicFor = (f: HelpFigures): FaqTopic => ({
  id: 'booking',
  title: 'Booking',
  entries: [
    {
      id: 'how-to-book',
      question: 'How do I book a detailer?',
      answer: [
        'Open a service or a detailer and tap Book Now. Choose the service and your vehicle type, then a date, a time and the address where your car will be parked. On the last step you check the order summary, agree to the terms and pay by card.',
        'The detailer comes to you: you do not need to drive anywhere.',
      ],
    },
    {
      id: 'times',
      question: 'Which times can I book?',
      answer: [
        "Detailers take bookings at 9:00 AM, 10:00 AM, 11:00 AM, 1:00 PM, 2:00 PM and 3:00 PM, in the detailer's time zone. You only see times when the detailer works that day and has nothing else booked for the length of your service.",
        `You can book up to ${f.bookingHorizonDays} days ahead.`,
      ],
    },
    {
      id: 'hold',
      question: 'Why is my time held for only a few minutes?',
      answer: [
        `When you move on to payment we hold your time for ${f.holdMinutes} minutes so nobody else can take it. If you have not finished paying by then, the hold ends and the time is free again; nothing is charged.`,
        `You can have at most ${f.maxUnpaidHolds} unpaid holds at once, so one person cannot block a detailer's whole day.`,
      ],
    },
    {
      id: 'after-booking',
      question: 'What happens after I pay?',
      answer: [
        'If the detailer takes instant bookings, your booking is confirmed as soon as your card is authorized.',
        `Otherwise it is sent to the detailer as a request. They have ${f.requestTimeoutHours} hours to accept it, and never later than its start time. If they decline or do not answer in time, the hold on your card is released and you can book someone else.`,
        'You get a notification each time your booking changes, and a reminder 24 hours and 2 hours before an accepted booking starts.',
      ],
    },
    {
      id: 'reschedule',
      question: 'Can I change the time of my booking?',
      answer: [
        'Yes. Open the booking in My Bookings and tap Reschedule. You can pick another free time until your detailer is on the way. An accepted booking stays accepted at its new time.',
      ],
    },
    {
      id: 'address',
      question: 'Why was my address refused?',
      answer: [
        'Each detailer serves an area around their base. When the address you enter is outside that area, the booking is refused so nobody books a detailer who cannot reach them. Choose another detailer closer to you, or check the ZIP code you typed.',
      ],
    },
    {
      id: 'notes',
      question: 'How do I tell the detailer about parking or access?',
      answer: [
        'Use Additional Notes in the first step: where the car is parked, a gate code, or anything the detailer should know. Your detailer sees the notes with your booking. You can also message them from the booking once it is booked.',
      ],
    },
  ],
});

export const paymentsTopicFor = (f: HelpFigures): FaqTopic => ({
  id: 'payments',
  title: 'Payments and refunds',
  entries: [
    {
      id: 'when-charged',
      question: 'When am I charged?',
      answer: [
        'When you book, your card is authorized: the amount is held on it, but not taken. You are charged only when the detailer marks the service completed.',
        'If the booking is declined, expires, or you cancel it for free, the hold is released and you pay nothing.',
      ],
    },
    {
      id: 'price',
      question: 'What does a booking cost?',
      answer: [
        `The service price, plus a ${f.serviceFee} service fee, plus ${f.taxPercent} tax on the service price. For example, a ${f.examplePrice} wash costs ${f.examplePrice} + ${f.serviceFee} fee + ${f.exampleTax} tax = ${f.exampleTotal}.`,
        'The order summary on the payment step shows every line before you pay, and the amount is always worked out by Glossly, never by your browser.',
      ],
    },
    {
      id: 'card-storage',
      question: 'Does Glossly store my card number?',
      answer: [
        'No. Your card details go straight to our payment processor. Glossly keeps only the card brand, the last four digits and, for a saved card, its expiry date.',
        'You can save up to 10 cards in Payment methods and remove any of them at any time.',
      ],
    },
    {
      id: 'declined',
      question: 'Why was my payment declined?',
      answer: [
        'Your bank decided, and we show the reason it gave: for example, the card was declined or has insufficient funds. Some banks ask you to confirm the payment in an extra step; finish that step to continue.',
        `Try another card while your time is still held (${f.holdMinutes} minutes from when you moved on to payment).`,
      ],
    },
    {
      id: 'refunds',
      question: 'How do refunds work?',
      answer: [
        'Before a service is completed there is usually nothing to refund: your card was only authorized, and a decline, an expiry or a free cancellation releases that hold. How fast the pending amount disappears from your statement depends on your bank.',
        'If something went wrong with a completed service, contact support from this page. Glossly can refund all or part of what you paid, back to the card you paid with.',
      ],
    },
    {
      id: 'credits',
      question: 'How do referral credits work at checkout?',
      answer: [
        `Turn on Referral credits at checkout to take them off your total. Card networks need a minimum charge, so the card is always charged at least ${f.minimumCardCharge}.`,
        'Credits are used only once your payment goes through. If the booking is cancelled, declined or expires, they come back to your account.',
      ],
    },
  ],
});
