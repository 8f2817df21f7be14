import { LegalDocument } from '../components/legal-document.tsx';
import { privacyPolicy } from '../content/privacy-policy.ts';

/** /privacy-policy: what Glossly keeps, who sees it, for how long. */
export default function PrivacyPolicyPage() {
  return <LegalDocument document={privacyPolicy} />;
}
