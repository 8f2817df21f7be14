import { lazy, Suspense, useState } from 'react';
import { TakeTourButton } from '@/components/tour/take-tour-button.tsx';

// The tour's cards and steps load when 'Take Tour' is tapped: the home screen's first load stays light (issue 40).
const HomeTourCards = lazy(() => import('./home-tour-cards.tsx'));

/** The home screen's tour; auto-start is off there (spec section 4), the 'Take Tour' button opens it. */
export function HomeTour() {
  const [isRequested, setIsRequested] = useState(false);
  const button = <TakeTourButton onClick={() => setIsRequested(true)} />;
  if (!isRequested) return button;
  return (
    <Suspense fallback={button}>
      <HomeTourCards />
    </Suspense>
  );
}
