// A known contribution: what was given to which idea, the payment's status, where the money is
// now (its fate), and the payout-method choice while it can matter.
import ShareButtons from "../share/ShareButtons";
import { Link } from "react-router-dom";
import { formatMoney } from "../../../convex/model/labels";
import { isSuccessfulPayment } from "../../../convex/model/money/amounts";
import { FateList } from "../money/FateList";
import type { ContributionDetails } from "./contributionDetails";
import { OtherStatus, PaidStatus } from "./ContributionStatus";
import PayoutChoice from "./PayoutChoice";
import BackerOptions from "../moves/BackerOptions";
import type { FatePart } from "../../../convex/model/money/states";
import styles from "./ContributionView.module.css";
import { moduleClass } from "../../lib/moduleClass";

export const FATE_TITLE = "Where the money is now";

export default function ContributionView({
  sessionId,
  details,
}: {
  sessionId: string;
  details: ContributionDetails;
}) {
  const { idea, contribution } = details;
  const paid = isSuccessfulPayment(contribution.status);
  const showPayout =
    contribution.outcome === null &&
    (contribution.status === "pending" || contribution.status === "processing" || paid);

  return (
    <article className={styles.contribution} aria-labelledby="contribution-title">
      <header className="contribution__header">
        <p className="eyebrow">Your contribution</p>
        <h1 id="contribution-title" className={styles.contributionTitle}>
          You contributed {formatMoney(contribution.amountCents)} to the proposal:{" "}
          <Link to={`/expanded-proposal/${idea._id}`}>{idea.title}</Link>
        </h1>
      </header>

      <section
        className={`card ${styles.contributionStatus} ${moduleClass(styles, `contribution-status--${paid ? "paid" : contribution.status}`)}`}
        aria-labelledby="contribution-status-title"
        data-testid="contribution-status"
        aria-live="polite"
      >
        {paid ? <PaidStatus details={details} /> : <OtherStatus details={details} />}
      </section>

      {/* While checkout is unfinished the status above speaks; the fate waits for a payment. */}
      {details.fate.length > 0 && contribution.status !== "pending" ? (
        <section
          className={`card ${styles.contributionFate}`}
          aria-labelledby="contribution-fate-title"
        >
          <h2 id="contribution-fate-title" className={styles.contributionFateTitle}>
            {FATE_TITLE}
          </h2>
          <FateList parts={details.fate} />
          {details.backer && contribution.status === "paid" ? (
            <BackerOptions
              options={details.backer}
              amountCents={heldOf(details.fate, contribution.amountCents)}
              sessionId={details.anonymous ? sessionId : undefined}
            />
          ) : null}
        </section>
      ) : null}

      {showPayout ? (
        <PayoutChoice sessionId={sessionId} details={details} />
      ) : contribution.outcome === "awarded" ? (
        <p className={`alert alert-success ${styles.contributionOutcome}`}>
          Your contribution was awarded to the creator of the winning video. Thank you for making it
          happen!
        </p>
      ) : null}

      <ShareButtons
        ideaId={idea._id}
        title={idea.title}
        heading="Ask friends to chip in"
        className={`card ${styles.contributionShare}`}
      />

      <div className={styles.contributionActions}>
        <Link to={`/expanded-proposal/${idea._id}`} className="btn btn-primary">
          Back to the idea
        </Link>
        <Link to="/ideas" className="btn btn-secondary">
          Browse more bounties
        </Link>
      </div>
    </article>
  );
}

/** What the contribution still holds (what a refund or a move would be). */
function heldOf(fate: FatePart[], amountCents: number): number {
  const held = fate
    .filter((p) => p.state === "counting" || p.state === "waiting_to_move")
    .reduce((sum, p) => sum + p.amountCents, 0);
  return held > 0 ? held : amountCents;
}
