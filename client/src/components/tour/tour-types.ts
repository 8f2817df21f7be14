/** Spec section 3: Tour step. */
export type TourStepPosition = 'top' | 'bottom' | 'left' | 'right';

export type TourStep = {
  id: string;
  title: string;
  content: string;
  /** CSS selector of the element the step points at; a missing element centres the card. */
  target?: string;
  position?: TourStepPosition;
  /** Draw a ring around the target. */
  highlight?: boolean;
};

/** Spec section 9: the tour card is about 320 px wide; auto-start waits 1000 ms. */
export const tourCardWidth = 320;
export const tourAutoStartDelayMs = 1000;
