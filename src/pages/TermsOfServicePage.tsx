import { useDocumentTitle } from "../lib/useDocumentTitle";
import LegalDocument from "../components/LegalDocument";
import { TERMS_OF_SERVICE } from "../content/terms";

export default function TermsOfServicePage() {
  useDocumentTitle("Terms of Service");

  return <LegalDocument content={TERMS_OF_SERVICE} />;
}
