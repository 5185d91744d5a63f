import { useDocumentTitle } from "../lib/useDocumentTitle";
import LegalDocument from "../features/legal/LegalDocument";
import { PRIVACY_POLICY } from "../features/legal/privacyPolicy";

export default function PrivacyPolicyPage() {
  useDocumentTitle("Privacy Policy");

  return <LegalDocument content={PRIVACY_POLICY} />;
}
