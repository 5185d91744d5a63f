// The confirmation's status card: 'Payment successful!' with the transaction details when paid,
// else 'Payment status: {status}' with a friendly word (spec §2).
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { formatLongDate, formatMoney } from "../../../convex/model/labels";
import {
  PAYER_HIDDEN,
  PAYMENT_SUCCESSFUL,
  statusExplanation,
  type ContributionDetails,
} from "./contributionDetails";
import { StatusIcon } from "./StatusIcons";
import styles from "./ContributionStatus.module.css";

export function PaidStatus({ details }: { details: ContributionDetails }) {
  const { contribution } = details;
  const customer = contribution.customerDetails;
  const refunding = contribution.outcome === "refund";
  // A signed-in contributor's name, email and country are shown only to them (the server
  // leaves them out for anyone else).
  const payerHidden = !details.isContributor && !details.anonymous;
  return (
    <>
      <div className={styles.contributionStatusHead}>
        <StatusIcon kind="success" />
        <h2 id="contribution-status-title" className={styles.contributionStatusTitle}>
          {PAYMENT_SUCCESSFUL}
        </h2>
      </div>
      <p className={styles.contributionStatusText}>
        {refunding
          ? `No video won this idea by ${formatLongDate(details.winnerSelectionDeadline)}, so your money goes back to you. Where it is now is shown below.`
          : "Thank you! Your money is now part of the bounty. It goes to the creator of the winning video, or back to you if no video wins."}
      </p>
      <h3 className={styles.contributionDetailsTitle}>Transaction details</h3>
      <dl className={styles.contributionDetails}>
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

export function OtherStatus({ details }: { details: ContributionDetails }) {
  const { contribution, idea } = details;
  const status = contribution.status;
  const waiting = status === "pending" || status === "processing";
  return (
    <>
      <div className={styles.contributionStatusHead}>
        {waiting ? <span className="spinner" aria-hidden="true" /> : <StatusIcon kind="info" />}
        <h2 id="contribution-status-title" className={styles.contributionStatusTitle}>
          Payment status: {status}
        </h2>
      </div>
      <p className={styles.contributionStatusText}>{statusExplanation(status, details)}</p>
      {status === "failed" || status === "expired" ? (
        <p className={styles.contributionStatusText}>
          <Link to={`/expanded-proposal/${idea._id}`}>Try again from the idea's page</Link>
        </p>
      ) : null}
    </>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className={styles.contributionDetailsRow}>
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
