import { Compass } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';

/**
 * The 'Take Tour' button, in the page's flow where the page puts it: the spec's prototype floated it bottom-right,
 * where on a phone it always covered a card (a price, a 'Book Now'); here it never covers anything.
 */
export function TakeTourButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="secondary" className="shrink-0 rounded-full" onClick={onClick}>
      <Compass aria-hidden className="text-accent-600" />
      Take Tour
    </Button>
  );
}
