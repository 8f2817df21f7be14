import { Briefcase, House, MapPin } from 'lucide-react';

/** Home and Work get their own icons; any other label is a pin. Decorative: the label is always written next to it. */
export function PlaceLabelIcon({ label, className }: { label: string; className?: string }) {
  const name = label.trim().toLowerCase();
  const Icon = name === 'home' ? House : name === 'work' ? Briefcase : MapPin;
  return <Icon aria-hidden="true" className={className} />;
}

/** The place's street line and its town: "1 Market St, Unit 4" and "San Francisco 94105". */
export function placeLines(place: { address: string; apt: string | null; city: string; zip: string }) {
  return [[place.address, place.apt].filter(Boolean).join(', '), `${place.city} ${place.zip}`] as const;
}
