/**
 * Classes for the one link that makes a whole card clickable: its ::after covers the card (which must be
 * `relative`), so the card has a single link target and the card's own buttons sit above it (`relative z-10`).
 */
export const stretchedLinkClasses =
  "after:absolute after:inset-0 after:rounded-card after:content-[''] focus-visible:outline-none " +
  'focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-brand-600';
