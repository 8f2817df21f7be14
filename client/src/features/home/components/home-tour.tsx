import { GuidedTour } from '@/components/tour/guided-tour.tsx';
import { homeTourId, homeTourSteps } from './home-tour-steps.ts';

/** The home screen's tour; auto-start is off there (spec section 4), the 'Take Tour' button opens it. */
export function HomeTour() {
  return <GuidedTour tourId={homeTourId} steps={homeTourSteps} autoStart={false} />;
}
