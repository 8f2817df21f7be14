// A saved place's labels and limits, apart from its schema (core/schemas/address.ts) so that the Addresses page can
// offer them without loading zod (issue 13).

/** The labels offered first; any other short text is a label too ("Mum's", "Gym"). */
export const suggestedPlaceLabels = ['Home', 'Work'] as const;
export const placeLabelMaxLength = 40;
export const placeAptMaxLength = 40;
export const accessNotesMaxLength = 500;

/** A US ZIP code: 5 digits or ZIP+4. The booking's, the places' and the slot search's one rule. */
export const zipPattern = /^\d{5}(-\d{4})?$/;
export const zipMessage = 'Enter a 5-digit ZIP code (or ZIP+4)';

/** A job's place on one line, as a map or a calendar reads it: '1 Market St, Apt 4, San Francisco 94105'. */
export function placeLine(place: { address: string; apt?: string | null; city: string; zip: string }): string {
  return [place.address, place.apt, `${place.city} ${place.zip}`].filter(Boolean).join(', ');
}
