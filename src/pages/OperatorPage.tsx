// /operator: the money operator page, for people with the admin role only (product rules
// "Money"). Everyone else gets the app's not-found page, so the page does not reveal it exists;
// the server refuses its functions to them too.
import { useAction, useQuery } from "convex/react";
import { api } from "../../convex/_generated/api";
import PageFallback from "../components/PageFallback";
import QueryErrorBoundary from "../components/QueryErrorBoundary";
import OperatorDashboard, { OPERATOR_TITLE } from "../features/operator/OperatorDashboard";
import ModerationQueue from "../features/moderation/ModerationQueue";
import { useDocumentTitle } from "../lib/useDocumentTitle";
import { useQueryAfterFirstPaint } from "../lib/firstPaint";
import { useNow } from "../lib/useNow";
import NotFoundPage from "./NotFoundPage";
import styles from "./OperatorPage.module.css";

export default function OperatorPage() {
  // index.html's first script may have asked already, and shown the not-found card: that answer
  // stands in. An operator's queue waits for the live answer, which comes once the session is on
  // the socket: its queries, asked earlier, would be refused as a visitor's.
  const isAdmin = useQueryAfterFirstPaint(api.operator.isAdmin, {}, (answer) => !answer);
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
  const overview = useQuery(api.operator.overview, {});
  const stripeBalance = useAction(api.operator.stripeBalance);
  const now = useNow();
  return (
    <div className={`container page ${styles.operatorPage}`}>
      <h1 className="operator-page__title">{OPERATOR_TITLE}</h1>
      <p className="muted">
        Reports and appeals to review, money that needs a person, every held cent with its deadline,
        and the totals to compare with Stripe.
      </p>
      <ModerationQueue />
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
