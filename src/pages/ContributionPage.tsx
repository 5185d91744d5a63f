// /contribution/:sessionId — the contribution confirmation (spec §2 "Contribution confirmation").
// Stripe Checkout returns here with the Checkout Session id. The page is live: when Stripe's
// webhook lands, the status flips to paid by itself. On opening, it also asks Stripe once
// (`reconcile`) so a late webhook never leaves a paid contribution looking unpaid.
// /contribution without an id shows 'Error: Missing session ID'. The parts live in
// src/features/contribution/.
import { useEffect, useRef, useState } from "react";
import { useParams } from "react-router-dom";
import { useAction } from "convex/react";
import { api } from "../../convex/_generated/api";
import QueryErrorBoundary from "../components/QueryErrorBoundary";
import {
  FETCH_ERROR,
  MISSING_SESSION_ID,
  NOT_FOUND,
  type ContributionDetails,
} from "../features/contribution/contributionDetails";
import {
  ContributionError,
  ContributionNotFound,
  ContributionSkeleton,
} from "../features/contribution/ContributionProblems";
import ContributionView from "../features/contribution/ContributionView";
import { convexErrorMessage } from "../lib/errors";
import {
  firstPaintAction,
  takeFirstPaintAction,
  useQueryAfterFirstPaint,
  type ActionOutcome,
} from "../lib/firstPaint";
import { useDocumentTitle } from "../lib/useDocumentTitle";

export {
  FETCH_ERROR,
  MISSING_SESSION_ID,
  NOT_FOUND,
  PAYER_HIDDEN,
  PAYMENT_SUCCESSFUL,
  PAYOUT_OPTIONS,
  PAYOUT_UPDATE_FAILED,
  PAYOUT_UPDATED,
  SIGN_IN_TO_CHANGE_PAYOUT,
  statusExplanation,
} from "../features/contribution/contributionDetails";

export default function ContributionPage() {
  const { sessionId } = useParams();
  useDocumentTitle("Your contribution");
  return (
    <div className="container container-narrow page contribution-page">
      {sessionId ? (
        <QueryErrorBoundary key={sessionId} fallback={<ContributionError message={FETCH_ERROR} />}>
          <ContributionLoader sessionId={sessionId} />
        </QueryErrorBoundary>
      ) : (
        <ContributionError message={MISSING_SESSION_ID} />
      )}
    </div>
  );
}

type ReconcileState =
  { state: "running" } | { state: "done" } | { state: "failed"; message: string };

export type { ContributionDetails };

/** Asking Stripe ended: fine (the live query shows what it changed), or with this message. */
function reconcileState(outcome: ActionOutcome): ReconcileState {
  return outcome.ok
    ? { state: "done" }
    : { state: "failed", message: outcome.message ?? FETCH_ERROR };
}

function ContributionLoader({ sessionId }: { sessionId: string }) {
  // The first paint may have asked both already (index.html): the page starts from its answers.
  const details: ContributionDetails | null | undefined = useQueryAfterFirstPaint(
    api.contributions.bySession,
    { sessionId },
  );
  const reconcile = useAction(api.contributions.reconcile);
  const [reconciled, setReconciled] = useState<ReconcileState>(() => {
    const settled = firstPaintAction(api.contributions.reconcile, { sessionId })?.settled;
    return settled ? reconcileState(settled) : { state: "running" };
  });
  // Once per session id, even when effects run twice (React's StrictMode in development).
  const askedFor = useRef<string | null>(null);

  useEffect(() => {
    if (askedFor.current === sessionId) return;
    askedFor.current = sessionId;
    const ask = () =>
      reconcile({ sessionId }).then(
        (value): ActionOutcome => ({ ok: true, value }),
        (error: unknown): ActionOutcome => ({ ok: false, message: convexErrorMessage(error) }),
      );
    // The first paint's call, if it made one that reached the function; else our own.
    const fromFirstPaint = takeFirstPaintAction(api.contributions.reconcile, { sessionId });
    void (fromFirstPaint ? fromFirstPaint.outcome.then((outcome) => outcome ?? ask()) : ask()).then(
      (outcome) => setReconciled(reconcileState(outcome)),
    );
  }, [reconcile, sessionId]);

  if (details === undefined) return <ContributionSkeleton />;
  if (details === null) {
    // Unknown to us. Asking Stripe may still attach a session created a moment ago: wait for it.
    if (reconciled.state === "running") return <ContributionSkeleton />;
    if (reconciled.state === "failed" && reconciled.message !== NOT_FOUND)
      return <ContributionError message={FETCH_ERROR} />;
    return <ContributionNotFound />;
  }
  return <ContributionView sessionId={sessionId} details={details} />;
}
