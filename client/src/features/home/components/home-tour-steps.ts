import type { TourStep } from '@/components/tour/tour-types.ts';

/** The 'home-tour': selectors name what the home screen and shell already render, by role and label. */
export const homeTourId = 'home-tour';

export const homeTourSteps: TourStep[] = [
  {
    id: 'welcome',
    title: 'Welcome to Glossly',
    content: 'A quick look around: book a mobile detailer in a few taps and follow the job live.',
  },
  {
    id: 'search',
    title: 'Find a service',
    content: 'Search services and detailers by name, or pick a category below.',
    target: 'input[placeholder="Find detailing services"]',
    position: 'bottom',
    highlight: true,
  },
  {
    id: 'quick-book',
    title: 'Quick actions',
    content: 'Quick Book, your bookings, your cars and messages are one tap away.',
    target: 'a[href="/smart-booking"]',
    position: 'bottom',
    highlight: true,
  },
  {
    id: 'notifications',
    title: 'Stay in the loop',
    content: 'The bell shows when your detailer accepts, is on the way or finishes.',
    target: 'button[aria-label="Notifications"]',
    position: 'bottom',
    highlight: true,
  },
  {
    id: 'navigation',
    title: 'Get around',
    content: 'Home, bookings, messages and your profile live in the bar at the bottom.',
    target: 'nav[aria-label="Main"]',
    position: 'top',
    highlight: true,
  },
];
