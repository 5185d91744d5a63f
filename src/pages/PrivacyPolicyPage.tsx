import { useDocumentTitle } from "../lib/useDocumentTitle";
import LegalDocument from "../components/LegalDocument";
import { PRIVACY_POLICY } from "../content/privacyPolicy";

export default function PrivacyPolicyPage() {
  useDocumentTitle("Privacy Policy");

  return <LegalDocument content={PRIVACY_POLICY} />;
}
