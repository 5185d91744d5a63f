// /contribution/:sessionId — the contribution confirmation (spec §2 "Contribution confirmation").
// Stripe Checkout returns here with the Checkout Session id. The page is live: when Stripe's
// webhook lands, the status flips to paid by itself. On opening, it also asks Stripe once
// (`reconcile`) so a late webhook never leaves a paid contribution looking unpaid.
// /contribution without an id shows 'Error: Missing session ID'.
import "../styles/money.css";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Link, useLocation, useParams } from "react-router-dom";
import { useAction, useConvexAuth, useMutation, useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { toast } from "sonner";
import { api } from "../../convex/_generated/api";
import { formatLongDate, formatMoney } from "../../convex/model/labels";
import { isSuccessfulPayment, type PayoutPreference } from "../../convex/model/money";
import QueryErrorBoundary from "../components/QueryErrorBoundary";
import { convexErrorMessage } from "../lib/errors";
import { useDocumentTitle } from "../lib/useDocumentTitle";

export const MISSING_SESSION_ID = "Missing session ID";
export const FETCH_ERROR = "Failed to fetch contribution details";
export const NOT_FOUND = "Contribution not found.";
export const PAYMENT_SUCCESSFUL = "Payment successful!";
export const PAYER_HIDDEN = "A signed-in contributor. Their details are shown only to them.";
export const SIGN_IN_TO_CHANGE_PAYOUT = "Please sign in to change payout method";
export const PAYOUT_UPDATED = "Payout method updated successfully";
export const PAYOUT_UPDATE_FAILED = "Failed to update payout method";

/** What `api.contributions.bySession` returns for a known session. */
export type ContributionDetails = NonNullable<
  FunctionReturnType<typeof api.contributions.bySession>
>;
type Status = ContributionDetails["contribution"]["status"];

export const PAYOUT_OPTIONS: readonly {
  value: PayoutPreference;
  label: string;
  description: (deadline: string) => string;
}[] = [
  {
    value: "customer_choice",
    label: "I'll pick the winner",
    description: (deadline) =>
      `You choose the winning video yourself, any time until ${deadline}. If you don't pick one, the most-voted video wins.`,
  },
  {
    value: "peoples_choice",
    label: "The most-voted video wins",
    description: () =>
      "Your contribution goes to the video with the most votes when judging ends. Nothing for you to do.",
  },
];

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

function ContributionLoader({ sessionId }: { sessionId: string }) {
  const details = useQuery(api.contributions.bySession, { sessionId });
  const reconcile = useAction(api.contributions.reconcile);
  const [reconciled, setReconciled] = useState<ReconcileState>({ state: "running" });
  // Once per session id, even when effects run twice (React's StrictMode in development).
  const askedFor = useRef<string | null>(null);

  useEffect(() => {
    if (askedFor.current === sessionId) return;
    askedFor.current = sessionId;
    // The result is not needed: the live query shows whatever it changed.
    reconcile({ sessionId }).then(
      () => setReconciled({ state: "done" }),
      (error: unknown) =>
        setReconciled({ state: "failed", message: convexErrorMessage(error) ?? FETCH_ERROR }),
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

function ContributionView({
  sessionId,
  details,
}: {
  sessionId: string;
  details: ContributionDetails;
}) {
  const { proposal, contribution } = details;
  const paid = isSuccessfulPayment(contribution.status);
  const showPayout =
    contribution.outcome === null &&
    (contribution.status === "pending" || contribution.status === "processing" || paid);

  return (
    <article className="contribution" aria-labelledby="contribution-title">
      <header className="contribution__header">
        <p className="eyebrow">Your contribution</p>
        <h1 id="contribution-title" className="contribution__title">
          You contributed {formatMoney(contribution.amountCents)} to the proposal:{" "}
          <Link to={`/expanded-proposal/${proposal._id}`}>{proposal.title}</Link>
        </h1>
      </header>

      <section
        className={`card contribution-status contribution-status--${paid ? "paid" : contribution.status}`}
        aria-labelledby="contribution-status-title"
        aria-live="polite"
      >
        {paid ? <PaidStatus details={details} /> : <OtherStatus details={details} />}
      </section>

      {showPayout ? (
        <PayoutChoice sessionId={sessionId} details={details} />
      ) : contribution.outcome === "awarded" ? (
        <p className="alert alert-success contribution__outcome">
          Your contribution was awarded to the creator of the winning video. Thank you for making it
          happen!
        </p>
      ) : null}

      <div className="contribution__actions">
        <Link to={`/expanded-proposal/${proposal._id}`} className="btn btn-primary">
          Back to the idea
        </Link>
        <Link to="/ideas" className="btn btn-secondary">
          Browse more bounties
        </Link>
      </div>
    </article>
  );
}

function PaidStatus({ details }: { details: ContributionDetails }) {
  const { contribution } = details;
  const customer = contribution.customerDetails;
  const refunding = contribution.outcome === "refund";
  // A signed-in contributor's name, email and country are shown only to them (the server
  // leaves them out for anyone else).
  const payerHidden = !details.isContributor && !details.anonymous;
  return (
    <>
      <div className="contribution-status__head">
        <StatusIcon kind="success" />
        <h2 id="contribution-status-title" className="contribution-status__title">
          {PAYMENT_SUCCESSFUL}
        </h2>
      </div>
      <p className="contribution-status__text">
        {refunding
          ? `No video won this idea by ${formatLongDate(details.winnerSelectionDeadline)}, so your money is on its way back to you.`
          : "Thank you! Your money is now part of the bounty. It goes to the creator of the winning video, or back to you if no video wins."}
      </p>
      <h3 className="contribution-details__title">Transaction details</h3>
      <dl className="contribution-details">
        <Detail term="Date">
          <time dateTime={new Date(contribution.paidAt ?? contribution.created).toISOString()}>
            {formatLongDate(contribution.paidAt ?? contribution.created)}
          </time>
        </Detail>
        {payerHidden ? (
          <Detail term="Paid by">{PAYER_HIDDEN}</Detail>
        ) : (
          <>
            <Detail term="Customer name">{customer?.name || "Not provided"}</Detail>
            <Detail term="Email">{customer?.email || "Not provided"}</Detail>
            <Detail term="Country">{countryName(customer?.country)}</Detail>
          </>
        )}
        <Detail term="Payment status">
          <span className="badge badge-success">Paid</span>
        </Detail>
        {contribution.refundedCents > 0 ? (
          <Detail term="Refunded">{formatMoney(contribution.refundedCents)}</Detail>
        ) : null}
      </dl>
    </>
  );
}

function OtherStatus({ details }: { details: ContributionDetails }) {
  const { contribution, proposal } = details;
  const status = contribution.status;
  const waiting = status === "pending" || status === "processing";
  return (
    <>
      <div className="contribution-status__head">
        {waiting ? <span className="spinner" aria-hidden="true" /> : <StatusIcon kind="info" />}
        <h2 id="contribution-status-title" className="contribution-status__title">
          Payment status: {status}
        </h2>
      </div>
      <p className="contribution-status__text">{statusExplanation(status, details)}</p>
      {status === "failed" || status === "expired" ? (
        <p className="contribution-status__text">
          <Link to={`/expanded-proposal/${proposal._id}`}>Try again from the idea's page</Link>
        </p>
      ) : null}
    </>
  );
}

/** A friendly word on every status but paid. */
export function statusExplanation(status: Status, details: ContributionDetails): string {
  const { contribution } = details;
  switch (status) {
    case "pending":
      return "We're waiting for Stripe to confirm your payment. If you've just paid, this takes a moment — this page updates by itself.";
    case "processing":
      return "Bank transfers take a moment to clear. Your contribution joins the bounty as soon as the payment goes through — this page updates by itself, so there's nothing else to do.";
    case "failed":
      return "The payment didn't go through, so nothing was charged.";
    case "expired":
      return "This checkout expired before it was paid, so nothing was charged.";
    case "refunded":
      return contribution.outcome === "refund"
        ? `No video won this idea by ${formatLongDate(details.winnerSelectionDeadline)}, so ${formatMoney(contribution.refundedCents)} went back to you, as promised.`
        : `${formatMoney(contribution.refundedCents)} went back to you. Refunds reach your card within 5–10 business days.`;
    default:
      return "This page updates by itself when the payment changes.";
  }
}

/** Why the payout method cannot be changed by this viewer, or null when it can. */
function lockReason(details: ContributionDetails, signedIn: boolean): string | null {
  if (details.anonymous)
    return "You contributed without signing in, so this contribution follows the people's choice: the most-voted video wins.";
  if (details.proposal.submissionCount > 0)
    return details.contribution.payoutPreference === "customer_choice"
      ? `This idea has received its first video, so the payout method is locked. Pick the winning video on the idea's page until ${formatLongDate(details.winnerSelectionDeadline)}.`
      : "This idea has received its first video, so the payout method is locked.";
  if (details.canChangePayout) return null;
  // Signed out: the choice stays usable and asks to sign in (spec §5).
  if (!signedIn) return null;
  if (!details.isContributor)
    return "Only the person who contributed can change this payout method.";
  return "This idea is no longer open, so the payout method is locked.";
}

function PayoutChoice({ sessionId, details }: { sessionId: string; details: ContributionDetails }) {
  const { isAuthenticated } = useConvexAuth();
  const location = useLocation();
  const setPreference = useMutation(api.contributions.setPayoutPreference);
  const [saving, setSaving] = useState(false);
  // A local choice shown instead of the server's, for the server value it was made against.
  const [local, setLocal] = useState<{ value: PayoutPreference; basis: PayoutPreference } | null>(
    null,
  );
  const id = useId();
  const lockedId = `${id}-locked`;

  const server: PayoutPreference = details.anonymous
    ? "peoples_choice"
    : details.contribution.payoutPreference;
  const selected = local !== null && local.basis === server ? local.value : server;
  const locked = lockReason(details, isAuthenticated);
  const deadline = formatLongDate(details.winnerSelectionDeadline);

  async function choose(value: PayoutPreference) {
    if (value === selected || saving) return;
    if (!isAuthenticated) {
      toast.error(SIGN_IN_TO_CHANGE_PAYOUT);
      return;
    }
    if (locked) return;
    setLocal({ value, basis: server });
    setSaving(true);
    try {
      await setPreference({ sessionId, preference: value });
      // The live query already carries the new value.
      setLocal(null);
      toast.success(PAYOUT_UPDATED);
    } catch (error) {
      // Spec §4: on failure the choice reverts locally to customer_choice.
      setLocal({ value: "customer_choice", basis: server });
      toast.error(PAYOUT_UPDATE_FAILED, {
        description: convexErrorMessage(error) ?? undefined,
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="card payout-choice" aria-labelledby="payout-choice-title">
      <h2 id="payout-choice-title" className="payout-choice__title">
        How your contribution is paid out
      </h2>
      <fieldset
        className="payout-choice__options"
        disabled={locked !== null}
        aria-describedby={locked ? lockedId : undefined}
        aria-busy={saving || undefined}
      >
        <legend className="visually-hidden">Payout method</legend>
        {PAYOUT_OPTIONS.map((option) => {
          const optionId = `${id}-${option.value}`;
          return (
            <label
              key={option.value}
              className={`payout-option${selected === option.value ? " is-selected" : ""}`}
              htmlFor={optionId}
            >
              <input
                id={optionId}
                type="radio"
                name={`${id}-payout`}
                value={option.value}
                className="payout-option__input"
                checked={selected === option.value}
                aria-labelledby={`${optionId}-label`}
                aria-describedby={`${optionId}-description`}
                onChange={() => void choose(option.value)}
              />
              <span className="payout-option__text">
                <span id={`${optionId}-label`} className="payout-option__label">
                  {option.label}
                </span>
                <span id={`${optionId}-description`} className="payout-option__description">
                  {option.description(deadline)}
                </span>
              </span>
            </label>
          );
        })}
      </fieldset>
      {locked ? (
        <p id={lockedId} className="payout-choice__locked">
          <LockIcon />
          {locked}
        </p>
      ) : !isAuthenticated ? (
        <p className="payout-choice__locked">
          <Link to="/login" state={{ from: location }}>
            Sign in
          </Link>{" "}
          to change how your contribution is paid out.
        </p>
      ) : null}
      <ul className="payout-choice__notes">
        <li>
          If no valid videos are submitted by the winner-selection deadline,{" "}
          <strong>{deadline}</strong>, your money is returned to you.
        </li>
        <li>Payout preferences can be changed until the idea receives its first submission.</li>
      </ul>
    </section>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="contribution-details__row">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** "US" → "United States"; the code itself when the browser cannot name it. */
function countryName(code: string | undefined): string {
  if (!code) return "Not provided";
  try {
    return new Intl.DisplayNames(["en"], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}

function StatusIcon({ kind }: { kind: "success" | "info" }) {
  return (
    <svg
      className={`status-icon status-icon--${kind}`}
      width="28"
      height="28"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="12" cy="12" r="11" fill="currentColor" />
      {kind === "success" ? (
        <path
          d="M7 12.5l3.2 3.2L17 9"
          fill="none"
          stroke="#fff"
          strokeWidth="2.4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      ) : (
        <path d="M12 7v6M12 16.5v.5" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" />
      )}
    </svg>
  );
}

function LockIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M6 11h12v9H6zM8.5 11V8a3.5 3.5 0 0 1 7 0v3"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function ContributionSkeleton() {
  return (
    <div className="contribution-skeleton" aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading your contribution...
      </p>
      <div aria-hidden="true">
        <span className="skeleton contribution-skeleton__title" />
        <span className="skeleton contribution-skeleton__card" />
        <span className="skeleton contribution-skeleton__card" />
      </div>
    </div>
  );
}

function ContributionError({ message }: { message: string }) {
  return (
    <section className="card contribution-problem" aria-labelledby="contribution-problem-title">
      <h1 id="contribution-problem-title" className="contribution-problem__title">
        Something went wrong
      </h1>
      <p className="alert alert-danger" role="alert">
        Error: {message}
      </p>
      <p className="muted">
        If you paid, your payment is safe: it counts toward the idea's bounty as soon as Stripe
        confirms it.
      </p>
      <div className="contribution__actions">
        <Link to="/ideas" className="btn btn-primary">
          Return to Bounties
        </Link>
      </div>
    </section>
  );
}

function ContributionNotFound() {
  return (
    <section className="card contribution-problem" aria-labelledby="contribution-problem-title">
      <h1 id="contribution-problem-title" className="contribution-problem__title">
        {NOT_FOUND}
      </h1>
      <p className="muted">
        The link may be incomplete, or this checkout was never finished. There are plenty of other
        ideas waiting for their bounty.
      </p>
      <div className="contribution__actions">
        <Link to="/ideas" className="btn btn-primary">
          Find more Bounties
        </Link>
      </div>
    </section>
  );
}
