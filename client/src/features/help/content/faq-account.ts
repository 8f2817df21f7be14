import type { FaqTopic } from './types.ts';

export const accountTopic: FaqTopic = {
  id: 'account',
  title: 'Account',
  entries: [
    {
      id: 'create',
      question: 'How do I create an account?',
      answer: [
        'On the sign-in page, choose Register and fill in your name, a username, your email and a password, or use Continue with Google. We email you a link to confirm your address; it works once and for 24 hours.',
      ],
    },
    {
      id: 'forgot-password',
      question: 'I forgot my password. What do I do?',
      answer: [
        'Tap Forgot password? on the sign-in page and enter your email. We send a link that works once, for 1 hour. Setting a new password signs you out on every device, in case someone else had your old one.',
      ],
    },
    {
      id: 'signed-in',
      question: 'How long do I stay signed in?',
      answer: [
        'Up to 30 days on each device, unless you sign out first. Sign out from your Profile to end the session on that device at once.',
      ],
    },
    {
      id: 'too-many-attempts',
      question: 'Why does sign-in say I tried too many times?',
      answer: [
        'After 10 failed attempts within 15 minutes we pause sign-in from that place to protect your account. Wait a few minutes and try again, or reset your password.',
      ],
    },
    {
      id: 'notifications',
      question: 'How do I choose which notifications I get?',
      answer: [
        'Open Notification settings from your Profile. For each kind of update (bookings, messages, payments, reminders and more) you can switch in-app, push and email on or off. Changes save right away.',
      ],
    },
    {
      id: 'delete-account',
      question: 'How do I delete my account?',
      answer: [
        'Contact support from this page and ask us to delete your account. We will confirm the request in your support conversation and delete your personal data within 30 days, except records the law requires us to keep, such as payment and tax records.',
      ],
    },
  ],
};
