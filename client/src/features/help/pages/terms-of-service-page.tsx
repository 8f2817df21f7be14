import { LegalDocument } from '../components/legal-document.tsx';
import { termsOfService } from '../content/terms-of-service.ts';

/** /terms-of-service: the booking, payment and cancellation terms the app enforces. */
export default function TermsOfServicePage() {
  return <LegalDocument document={termsOfService} />;
}
