import { LegalDocument } from '../components/legal-document.tsx';
import { termsOfServiceFor } from '../content/terms-of-service.ts';
import { useHelpFigures } from '../lib/use-help-figures.ts';

/** /terms-of-service: the booking, payment and cancellation terms the app enforces. */
export default function TermsOfServicePage() {
  return <LegalDocument document={termsOfServiceFor(useHelpFigures())} />;
}
