// /operator: the money operator page, for people with the admin role only (product rules
// "Money"). Everyone else gets the app's not-found page, so the page does not reveal it exists;
// the server refuses its functions to them too.
import { useAction, useQuery } from "convex/react";
import PageFallback from "../components/PageFallback";
import QueryErrorBoundary from "../components/QueryErrorBoundary";
import OperatorDashboard, { OPERATOR_TITLE } from "../components/operator/OperatorDashboard";
import { isAdminRef, overviewRef, stripeBalanceRef } from "../components/money/moneyApi";
import { useDocumentTitle } from "../lib/useDocumentTitle";
import { useNow } from "../lib/useNow";
import NotFoundPage from "./NotFoundPage";

export default function OperatorPage() {
  const isAdmin = useQuery(isAdminRef, {});
  if (isAdmin === undefined) return <PageFallback />;
  if (!isAdmin) return <NotFoundPage />;
  // Losing the role while the page is open: the overview query throws "Not found.".
  return (
    <QueryErrorBoundary fallback={<NotFoundPage />}>
      <OperatorLive />
    </QueryErrorBoundary>
  );
}

function OperatorLive() {
  useDocumentTitle(OPERATOR_TITLE);
  const overview = useQuery(overviewRef, {});
  const stripeBalance = useAction(stripeBalanceRef);
  const now = useNow();
  return (
    <div className="container page operator-page">
      <h1 className="operator-page__title">{OPERATOR_TITLE}</h1>
      <p className="muted">
        Money that needs a person, every held cent with its deadline, and the totals to compare with
        Stripe.
      </p>
      {overview === undefined ? (
        <PageFallback />
      ) : (
        <OperatorDashboard
          overview={overview}
          now={now}
          loadStripeBalance={() => stripeBalance({})}
        />
      )}
    </div>
  );
}
