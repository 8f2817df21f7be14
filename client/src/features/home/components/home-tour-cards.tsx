import { GuidedTour } from '@/components/tour/guided-tour.tsx';
import { homeTourId, homeTourSteps } from './home-tour-steps.ts';

/** The home screen's tour, open at its first step: loaded when 'Take Tour' is tapped (home-tour.tsx). */
export default function HomeTourCards() {
  return <GuidedTour tourId={homeTourId} steps={homeTourSteps} startOpen />;
}
