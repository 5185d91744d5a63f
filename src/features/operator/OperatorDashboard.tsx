// <OperatorDashboard overview now loadStripeBalance />: the operator page's content (product
// rules "Money": an admin-only page with movements needing attention, held money with its
// deadlines, and totals to compare with Stripe). Presentational: the page feeds it
// `api.operator.overview` and `api.operator.stripeBalance`. The tables carry explicit roles:
// under 640 px their rows are stacked with CSS, which makes some browsers drop table semantics.
import { useState } from "react";
import { Link } from "react-router-dom";
import type { Id } from "../../../convex/_generated/dataModel";
import { formatLongDate, formatMoney } from "../../../convex/model/labels";
import {
  HELD_LINES_PER_REASON,
  type HeldLineReason,
  type MovementKind,
} from "../../../convex/model/money/states";
import { convexErrorMessage } from "../../lib/errors";
import { HELD_REASON_LABELS } from "../money/moneyText";
import { operatorHolds } from "../../../convex/model/money/rules";
import styles from "./OperatorDashboard.module.css";
import ledgerStyles from "../money/Ledger.module.css";
import { moduleClass } from "../../lib/moduleClass";

/** `api.operator.overview`'s answer (money contract). */
export interface OperatorOverview {
  totals: {
    collectedCents: number;
    refundedCents: number;
    refundingCents: number;
    refundFailedCents: number;
    transferredCents: number;
    disputedCents: number;
    lostCents: number;
    /** Moved by backers between ideas (the same charges' money, counted once in Collected). */
    movedCents?: number;
    heldCents: number;
  };
  attention: {
    movementId: string;
    kind: MovementKind;
    state: "needs_attention" | "failed";
    amountCents: number;
    ideaId: Id<"proposals">;
    ideaTitle: string;
    contributionId: Id<"contributions">;
    attempts: number;
    lastError: string | null;
    createdAt: number;
  }[];
  held: {
    contributionId: Id<"contributions">;
    ideaId: Id<"proposals">;
    ideaTitle: string;
    cents: number;
    until: number | null;
    reason: HeldLineReason;
  }[];
  /** Reasons with more lines than listed. */
  heldCut: HeldLineReason[];
  /** The latest moves between ideas, newest first. */
  moves?: {
    contributionId: Id<"contributions">;
    at: number;
    cents: number;
    from: { _id: Id<"proposals">; title: string };
    to: { _id: Id<"proposals">; title: string };
  }[];
}

/** `api.operator.stripeBalance`'s answer. */
export interface StripeBalance {
  availableCents: number;
  pendingCents: number;
}

export const OPERATOR_TITLE = "Operator";
export const NOTHING_NEEDS_ATTENTION = "Nothing needs attention.";
export const NOTHING_HELD = "No money is held.";

const KIND_LABELS: Record<MovementKind, string> = {
  refund: "Refund",
  transfer: "Transfer to a creator",
  reversal: "Reversal of a transfer",
};
const STATE_LABELS: Record<OperatorOverview["attention"][number]["state"], string> = {
  needs_attention: "needs attention",
  failed: "failed",
};

export function OperatorDashboard({
  overview,
  now,
  loadStripeBalance,
}: {
  overview: OperatorOverview;
  now: number;
  loadStripeBalance: () => Promise<StripeBalance>;
}) {
  const { totals } = overview;
  const held = [...overview.held].sort(
    (a, b) => (a.until ?? Number.POSITIVE_INFINITY) - (b.until ?? Number.POSITIVE_INFINITY),
  );
  return (
    <div className={styles.operator}>
      <section className={`card ${styles.operatorSection}`} aria-labelledby="operator-totals">
        <h2 id="operator-totals" className={styles.operatorTitle}>
          Totals
        </h2>
        <dl className={ledgerStyles.ledgerTotals}>
          <Total label="Collected" cents={totals.collectedCents} />
          <Total label="Refunded" cents={totals.refundedCents} />
          <Total label="Refunding" cents={totals.refundingCents} />
          <Total label="Refund failed" cents={totals.refundFailedCents} />
          <Total label="Transferred" cents={totals.transferredCents} />
          <Total label="Disputed" cents={totals.disputedCents} />
          <Total label="Lost" cents={totals.lostCents} />
          <Total label="Moved between ideas" cents={totals.movedCents ?? 0} />
          <Total label="Held" cents={totals.heldCents} />
        </dl>
        <StripeComparison heldCents={totals.heldCents} load={loadStripeBalance} />
      </section>

      <section className={`card ${styles.operatorSection}`} aria-labelledby="operator-attention">
        <h2 id="operator-attention" className={styles.operatorTitle}>
          Needs attention ({overview.attention.length})
        </h2>
        {overview.attention.length === 0 ? (
          <p className="muted">{NOTHING_NEEDS_ATTENTION}</p>
        ) : (
          <table className={styles.opTable} role="table">
            <caption className="visually-hidden">Money movements that need attention</caption>
            <thead role="rowgroup">
              <tr role="row">
                <th scope="col" role="columnheader">
                  Kind
                </th>
                <th scope="col" role="columnheader">
                  Amount
                </th>
                <th scope="col" role="columnheader">
                  Idea
                </th>
                <th scope="col" role="columnheader">
                  Attempts
                </th>
                <th scope="col" role="columnheader">
                  Last error
                </th>
                <th scope="col" role="columnheader">
                  Since
                </th>
              </tr>
            </thead>
            <tbody role="rowgroup">
              {overview.attention.map((m) => (
                <tr key={m.movementId} role="row">
                  <td role="cell" data-label="Kind">
                    {KIND_LABELS[m.kind]}{" "}
                    <span className={`badge ${moduleClass(styles, `op-state--${m.state}`)}`}>
                      {STATE_LABELS[m.state]}
                    </span>
                  </td>
                  <td role="cell" data-label="Amount" className={styles.opTableAmount}>
                    {formatMoney(m.amountCents)}
                  </td>
                  <td role="cell" data-label="Idea">
                    <Link to={`/expanded-proposal/${m.ideaId}`}>{m.ideaTitle}</Link>
                  </td>
                  <td role="cell" data-label="Attempts" className={styles.opTableNumber}>
                    {m.attempts}
                  </td>
                  <td role="cell" data-label="Last error" className={styles.opTableError}>
                    {m.lastError ?? "None recorded"}
                  </td>
                  <td role="cell" data-label="Since">
                    <DateCell ms={m.createdAt} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section className={`card ${styles.operatorSection}`} aria-labelledby="operator-held">
        <h2 id="operator-held" className={styles.operatorTitle}>
          {/* Everything still on the platform: held, and failed refunds to sort out. */}
          Held money ({formatMoney(totals.heldCents + totals.refundFailedCents)})
        </h2>
        {held.length === 0 ? (
          <p className="muted">{NOTHING_HELD}</p>
        ) : (
          <table className={styles.opTable} role="table">
            <caption className="visually-hidden">Money still held, soonest deadline first</caption>
            <thead role="rowgroup">
              <tr role="row">
                <th scope="col" role="columnheader">
                  Idea
                </th>
                <th scope="col" role="columnheader">
                  Amount
                </th>
                <th scope="col" role="columnheader">
                  Reason
                </th>
                <th scope="col" role="columnheader">
                  Deadline
                </th>
              </tr>
            </thead>
            <tbody role="rowgroup">
              {held.map((h, index) => {
                const overdue = h.until !== null && h.until < now;
                return (
                  <tr
                    key={`${h.contributionId}-${h.reason}-${index}`}
                    role="row"
                    className={overdue ? styles.opTableRowOverdue : undefined}
                  >
                    <td role="cell" data-label="Idea">
                      <Link to={`/expanded-proposal/${h.ideaId}`}>{h.ideaTitle}</Link>
                    </td>
                    <td role="cell" data-label="Amount" className={styles.opTableAmount}>
                      {formatMoney(h.cents)}
                    </td>
                    <td role="cell" data-label="Reason">
                      {HELD_REASON_LABELS[h.reason]}
                    </td>
                    <td role="cell" data-label="Deadline">
                      {h.until === null ? (
                        h.reason === "refund_failed" || operatorHolds(h.reason) ? (
                          "No deadline: an operator is on it"
                        ) : (
                          "Under way now"
                        )
                      ) : (
                        <>
                          <DateCell ms={h.until} />
                          {overdue ? <strong className={styles.opOverdue}> Overdue</strong> : null}
                        </>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
        {overview.heldCut.length > 0 ? (
          <p className="muted">
            Only the first {HELD_LINES_PER_REASON} of each reason are listed; more are held for:{" "}
            {overview.heldCut.map((r) => HELD_REASON_LABELS[r]).join(", ")}.
          </p>
        ) : null}
      </section>

      <section className={`card ${styles.operatorSection}`} aria-labelledby="operator-moves">
        <h2 id="operator-moves" className={styles.operatorTitle}>
          Moves between ideas
        </h2>
        {(overview.moves ?? []).length === 0 ? (
          <p className="muted">No backer has moved money between ideas.</p>
        ) : (
          <table className={styles.opTable} role="table">
            <caption className="visually-hidden">
              Money backers moved from an idea nobody delivered for, newest first
            </caption>
            <thead role="rowgroup">
              <tr role="row">
                <th scope="col" role="columnheader">
                  Date
                </th>
                <th scope="col" role="columnheader">
                  Amount
                </th>
                <th scope="col" role="columnheader">
                  From
                </th>
                <th scope="col" role="columnheader">
                  To
                </th>
              </tr>
            </thead>
            <tbody role="rowgroup">
              {(overview.moves ?? []).map((m) => (
                <tr key={m.contributionId} role="row">
                  <td role="cell" data-label="Date">
                    <DateCell ms={m.at} />
                  </td>
                  <td role="cell" data-label="Amount" className={styles.opTableAmount}>
                    {formatMoney(m.cents)}
                  </td>
                  <td role="cell" data-label="From">
                    <Link to={`/expanded-proposal/${m.from._id}`}>{m.from.title}</Link>
                  </td>
                  <td role="cell" data-label="To">
                    <Link to={`/expanded-proposal/${m.to._id}`}>{m.to.title}</Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}

type Comparison =
  | { state: "idle" }
  | { state: "loading" }
  | { state: "done"; balance: StripeBalance }
  | { state: "failed"; message: string };

function StripeComparison({
  heldCents,
  load,
}: {
  heldCents: number;
  load: () => Promise<StripeBalance>;
}) {
  const [comparison, setComparison] = useState<Comparison>({ state: "idle" });

  async function compare() {
    if (comparison.state === "loading") return;
    setComparison({ state: "loading" });
    try {
      setComparison({ state: "done", balance: await load() });
    } catch (error) {
      setComparison({
        state: "failed",
        message: convexErrorMessage(error) ?? "Stripe's balance couldn't be read.",
      });
    }
  }

  return (
    <div className={styles.operatorCompare}>
      <button
        type="button"
        className="btn btn-secondary"
        disabled={comparison.state === "loading"}
        aria-busy={comparison.state === "loading" || undefined}
        onClick={() => void compare()}
      >
        {comparison.state === "loading" ? "Asking Stripe..." : "Compare with Stripe"}
      </button>
      <div aria-live="polite">
        {comparison.state === "done" ? (
          <dl className={ledgerStyles.ledgerTotals}>
            <Total label="Held by us" cents={heldCents} />
            <Total label="Stripe available" cents={comparison.balance.availableCents} />
            <Total label="Stripe pending" cents={comparison.balance.pendingCents} />
            <Total
              label="Stripe total minus held"
              cents={
                comparison.balance.availableCents + comparison.balance.pendingCents - heldCents
              }
            />
          </dl>
        ) : comparison.state === "failed" ? (
          <p className="alert alert-danger" role="alert">
            {comparison.message}
          </p>
        ) : null}
      </div>
    </div>
  );
}

function Total({ label, cents }: { label: string; cents: number }) {
  return (
    <div className={ledgerStyles.ledgerTotal}>
      <dt>{label}</dt>
      <dd>{formatMoney(cents)}</dd>
    </div>
  );
}

function DateCell({ ms }: { ms: number }) {
  return <time dateTime={new Date(ms).toISOString()}>{formatLongDate(ms)}</time>;
}

export default OperatorDashboard;
