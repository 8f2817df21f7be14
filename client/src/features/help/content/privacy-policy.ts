import type { LegalDocumentContent } from './types.ts';

// Every fact here is what the app does (docs/decisions 002, 005, 010, 012, 018 and server/db/schema); where the app
// has no rule yet (requests to copy or delete data), the text says what Glossly commits to.
export const privacyPolicy: LegalDocumentContent = {
  title: 'Privacy Policy',
  lastUpdated: '2026-11-23',
  summary:
    'Glossly is a marketplace that connects customers in the United States with independent mobile car detailers. This policy explains what information we keep, why, who can see it, how long we keep it and what you can ask of us.',
  sections: [
    {
      id: 'information-we-collect',
      title: 'Information we collect',
      paragraphs: ['We collect only what we need to run bookings, payments and messages:'],
      items: [
        'Account: your name, username, email address and role (customer, detailer or admin). Your password is stored only as a one-way Argon2id hash, never in readable form. If you sign in with Google, we keep the identifier Google gives us for your account.',
        'Bookings: the service, detailer, date and time, vehicle type, your notes, the job address (street, apartment, city and ZIP code) with the map coordinates we work out from it, the prices, and a history of every status change.',
        'Payments: the amounts authorized, charged, released and refunded, and the card brand, last four digits and expiry date. Never the full card number or security code.',
        'Messages: what you write and the photos you send in conversations, which messages you have read, and any message you report.',
        'Notifications: the notifications we send you, your notification settings and, if you allow push notifications, the push address your browser gives us.',
        "Detailers' positions: while a detailer shares their location for a booking that is on the way or in progress, their position as they travel.",
        'Security records: your sign-in sessions, and counts of failed sign-in attempts by email address and network address.',
        'Emails: a copy of each email we send you, such as address confirmations, password resets and notifications.',
      ],
    },
    {
      id: 'how-we-use-it',
      title: 'How we use it',
      items: [
        'To make, change and cancel bookings, and to tell each side what the other did.',
        'To take payment through our payment processor, release holds and issue refunds.',
        'To let customers and detailers message each other, and to show a customer where their detailer is during a trip.',
        'To keep accounts safe: confirming email addresses, limiting sign-in attempts and ending sessions.',
        'To answer support requests, settle disputes and meet our legal obligations.',
      ],
      paragraphs: ['We do not sell your personal information, and we do not share it with advertisers.'],
    },
    {
      id: 'who-sees-what',
      title: 'Who sees what',
      items: [
        'Your detailer: once you have paid for a booking, the detailer sees your name, the job address, your vehicle type, your notes and the service and time booked. A booking you have not paid for is never shown to them. Detailers do not see your email address or any card details.',
        "Customers: a detailer's business name, picture, rating, services and prices are public. The customer of a booking sees the detailer's position, estimated arrival time and vehicle description only while the detailer is on the way or doing the job.",
        "The other side of a conversation: messages in a booking conversation are seen by that booking's customer and detailer. Phone numbers and email addresses in them are hidden until the detailer accepts the booking.",
        'Glossly admins: our team can see accounts, bookings, payments, notifications and conversations, including hidden contact details, to run the platform, answer support requests and stop misuse.',
        "Companies that work for us: our payment processor (your card and payment), our email delivery provider (your email address and the email), your browser's push service (the notification, encrypted) and, where we use them, map and address lookup services (the job address or coordinates). They may use this information only to provide their service to Glossly.",
        'Authorities: when the law requires it, for example a valid court order.',
      ],
    },
    {
      id: 'payments',
      title: 'Payments and card details',
      paragraphs: [
        'Card payments are handled by our payment processor. Your card number and security code go straight to the processor: Glossly never stores them, and they never pass through our records.',
        "For each payment we keep the amount, its status, the card brand and the last four digits. When you save a card, we keep the processor's reference to it with the brand, last four digits and expiry date. Removing a card in Payment methods also removes it at the processor.",
      ],
    },
    {
      id: 'location',
      title: 'Location',
      paragraphs: [
        "Customers: if you let your browser share your location, the app uses it, rounded to about 100 meters, to show how far away detailers are. It is sent with that request and is not saved to your account. For a booking we use the address you enter, and the coordinates we work out from it, to check the detailer's service area and estimate arrival times.",
        "Detailers: your position is recorded only when you have turned location sharing on for the day and only for a booking that is on the way or in progress. It is shown to that booking's customer and to Glossly admins, and deleted 24 hours after the job ends.",
      ],
    },
    {
      id: 'how-long-we-keep-it',
      title: 'How long we keep it',
      items: [
        "Detailers' positions: deleted 24 hours after the job ends.",
        'Sign-in sessions: up to 30 days. Signing out ends the session on that device at once; a password reset ends all of your sessions.',
        'Password reset links work once, for 1 hour; email confirmation links work once, for 24 hours.',
        'Failed sign-in counts: a 15-minute window, after which they start again from zero.',
        'Booking conversations: closed for new messages 7 days after the booking ends, and kept while your account is open so either side can look back at what was agreed.',
        'Your account, bookings, payments, notifications and emails: kept while your account is open. When you delete your account, we delete them within 30 days, except records the law requires us to keep, such as payment and tax records, which we keep only as long as required.',
      ],
    },
    {
      id: 'cookies',
      title: 'Cookies and storage on your device',
      paragraphs: [
        'We use two cookies, both our own: glossly_session, which keeps you signed in (your browser does not let page scripts read it), and glossly_signed_in, which only tells the app that you may be signed in. We use no advertising or tracking cookies.',
        "The app also keeps a few things in your browser's storage: an unfinished booking so it survives a reload, which help tips and tours you have already seen, and whether you were asked about notifications.",
      ],
    },
    {
      id: 'security',
      title: 'How we protect it',
      paragraphs: [
        'Passwords are stored as Argon2id hashes. Sessions are long random identifiers that our servers check on every request, so signing out or resetting your password ends them everywhere at once. Sign-in attempts are limited to slow down guessing, and card details never reach our servers. No system is perfectly secure: if you think your account has been misused, reset your password and contact support.',
      ],
    },
    {
      id: 'your-choices',
      title: 'Your choices and rights',
      items: [
        'Choose which notifications you get, in the app, by push or by email, in Notification settings.',
        'Remove saved cards at any time in Payment methods.',
        'Turn off location sharing in your browser, or, as a detailer, on the Location page.',
        'Ask us for a copy of your information, or to correct or delete it, by contacting support. We answer within 30 days.',
      ],
    },
    {
      id: 'deleting-your-account',
      title: 'Deleting your account',
      paragraphs: [
        'Contact support and ask us to delete your account. We confirm the request in your support conversation, end your sessions and delete your personal information within 30 days, including your messages and photos, except the payment and tax records the law requires us to keep. Bookings that are still under way must be completed or cancelled first.',
      ],
    },
    {
      id: 'children',
      title: 'Children',
      paragraphs: [
        'Glossly is not meant for children under 13, and we do not knowingly collect their information. If you believe a child has given us information, contact support and we will delete it.',
      ],
    },
    {
      id: 'changes',
      title: 'Changes to this policy',
      paragraphs: [
        'When we change this policy we update the date at the top. If a change matters to how we use your information, we tell you in the app or by email before it takes effect.',
      ],
    },
    {
      id: 'contact',
      title: 'Contact us',
      paragraphs: [
        'Questions about your privacy? Sign in and use Contact support on the Help & Support page. Your request reaches the Glossly support team, and our reply appears in Messages.',
      ],
      link: { href: '/help-support', label: 'Go to Help & Support' },
    },
  ],
};
