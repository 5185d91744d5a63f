import { useDocumentTitle } from "../lib/useDocumentTitle";
import LegalDocument from "../features/legal/LegalDocument";
import { TERMS_OF_SERVICE } from "../features/legal/terms";

export default function TermsOfServicePage() {
  useDocumentTitle("Terms of Service");

  return <LegalDocument content={TERMS_OF_SERVICE} />;
}
