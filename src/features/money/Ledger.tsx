// <Ledger ideaId headingLevel? />: the idea page's money box, live (product rules "Money":
// visible at every step). <MoneyBox ledger /> draws it from `api.contributions.ledger`'s view.
//
// Shows the totals (Contributed, Refunded, Paid out, Held, and Refunding, Refund failed,
// Disputed, Lost to chargebacks when not zero), the held money grouped by why and until when,
// the winners and their awards' state, and the latest movements with their dates. Nothing is
// said to be "on its way" unless it can move. Renders nothing for an unknown idea; a failing
// query shows a short note instead of taking the page down.
import { useId } from "react";
import { useQuery } from "convex/react";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { formatLongDate, formatMoney } from "../../../convex/model/labels";
import type { ShownAwardStatus } from "../../../convex/model/money/rules";
import type { HeldLineReason, LedgerKind } from "../../../convex/model/money/states";
import QueryErrorBoundary from "../../components/QueryErrorBoundary";
import { awardState, heldSentence, ledgerEntryText, moveEntryText, quoted } from "./moneyText";
import { Link } from "react-router-dom";
import styles from "./Ledger.module.css";
import clsx from "clsx";
import { moduleClass } from "../../lib/moduleClass";

export const LEDGER_TITLE = "Where the money goes";
export const LEDGER_EXPLANATION =
  "Every paid dollar ends up with a creator or back with its contributor — Bounties keeps none of it.";
/** How many movements the list shows. */
export const RECENT_ENTRIES = 5;

/** `api.contributions.ledger`'s answer for a known idea (money contract). */
export interface LedgerView {
  totals: {
    contributedCents: number;
    refundedCents: number;
    refundingCents: number;
    refundFailedCents: number;
    paidOutCents: number;
    disputedCents: number;
    lostCents: number;
    movedOutCents: number;
    movedInCents: number;
    heldCents: number;
    awardedWaitingCents: number;
    awardedPayingCents: number;
  };
  held: { cents: number; until: number | null; reason: HeldLineReason }[];
  winners: {
    submissionId: Id<"submissions">;
    title: string;
    creatorName: string;
    amountCents: number;
    paidCents: number;
    status: ShownAwardStatus;
    claimDeadline: number;
    paidAt: number | null;
  }[];
  entries: {
    _id: string;
    kind: LedgerKind;
    amountCents: number;
    at: number;
    submissionTitle: string | null;
    /** Its video was hidden by an operator: not named. */
    videoHidden?: boolean;
    otherIdea?: { _id: string; title: string };
  }[];
}

export interface LedgerProps {
  ideaId: string;
  headingLevel?: 2 | 3;
}

export default function Ledger(props: LedgerProps) {
  return (
    <QueryErrorBoundary
      fallback={
        <p className="alert ledger__error" role="status">
          The money ledger couldn't be loaded. Please reload the page to try again.
        </p>
      }
    >
      <LedgerLive {...props} />
    </QueryErrorBoundary>
  );
}

function LedgerLive({ ideaId, headingLevel }: LedgerProps) {
  const ledger: LedgerView | null | undefined = useQuery(api.contributions.ledger, { ideaId });
  if (ledger === null) return null;
  return <MoneyBox ledger={ledger} headingLevel={headingLevel} />;
}

/** The money box for a ledger view; `undefined` while it loads. */
export function MoneyBox({
  ledger,
  headingLevel = 2,
}: {
  ledger: LedgerView | undefined;
  headingLevel?: 2 | 3;
}) {
  const titleId = useId();
  const Heading = headingLevel === 3 ? "h3" : "h2";
  return (
    <section
      className={`card ${styles.ledger}`}
      data-testid="ledger"
      aria-labelledby={titleId}
      aria-busy={ledger === undefined}
    >
      <Heading id={titleId} className={styles.ledgerTitle}>
        {LEDGER_TITLE}
      </Heading>
      <p className={styles.ledgerExplanation}>{LEDGER_EXPLANATION}</p>
      {ledger === undefined ? (
        <div aria-hidden="true">
          <span className={`skeleton ${styles.ledgerSkeleton}`} />
        </div>
      ) : (
        <MoneyBoxBody ledger={ledger} subheading={headingLevel === 3 ? "h4" : "h3"} />
      )}
    </section>
  );
}

function MoneyBoxBody({
  ledger,
  subheading: Sub,
}: {
  ledger: LedgerView;
  subheading: "h3" | "h4";
}) {
  const { totals, held, winners, entries } = ledger;
  const recent = entries.slice(0, RECENT_ENTRIES);
  // Shown when not zero; all but a refund under way need someone's attention.
  const optional: [label: string, cents: number, problem: boolean][] = [
    ["Refunding", totals.refundingCents, false],
    ["Refund failed", totals.refundFailedCents, true],
    ["Disputed", totals.disputedCents, true],
    ["Lost to chargebacks", totals.lostCents, true],
    ["Moved to other ideas", totals.movedOutCents, false],
    ["Moved in from other ideas", totals.movedInCents, false],
  ];

  return (
    <>
      <dl className={styles.ledgerTotals}>
        <Total label="Contributed" cents={totals.contributedCents} />
        <Total label="Refunded" cents={totals.refundedCents} />
        <Total label="Paid out" cents={totals.paidOutCents} />
        <Total label="Held" cents={totals.heldCents} />
        {optional.map(([label, cents, problem]) =>
          cents > 0 ? <Total key={label} label={label} cents={cents} problem={problem} /> : null,
        )}
      </dl>

      {held.length > 0 ? (
        <ul className={styles.ledgerHeld} aria-label="Money still held">
          {held.map((line, index) => (
            <li key={`${line.reason}-${line.until ?? "none"}-${index}`} data-reason={line.reason}>
              {heldSentence(line, waitingCreator(line, winners))}.
            </li>
          ))}
        </ul>
      ) : null}

      {winners.length > 0 ? (
        <>
          <Sub className={styles.ledgerSubtitle}>Winners</Sub>
          <ul className={styles.ledgerWinners}>
            {winners.map((winner) => (
              <li
                key={winner.submissionId}
                className={`${styles.ledgerWinner} ${moduleClass(styles, `ledger-winner--${winner.status}`)}`}
                data-testid="ledger-winner"
              >
                Awarded to {quoted(winner.title)} by {winner.creatorName}:{" "}
                <strong>{formatMoney(winner.amountCents)}</strong> — {awardState(winner)}
              </li>
            ))}
          </ul>
        </>
      ) : null}

      {recent.length === 0 ? (
        <p className={styles.ledgerEmpty}>
          No money has moved yet. Paid contributions appear here.
        </p>
      ) : (
        <>
          <Sub className={styles.ledgerSubtitle}>Recent movements</Sub>
          <ul className={styles.ledgerEntries}>
            {recent.map((entry) => (
              <li
                key={entry._id}
                className={`${styles.ledgerEntry} ${moduleClass(styles, `ledger-entry--${entry.kind}`)}`}
                data-testid="ledger-entry"
                data-kind={entry.kind}
              >
                <span className={styles.ledgerEntryText}>
                  <span className={styles.ledgerEntryKind}>
                    {(entry.kind === "moved_out" || entry.kind === "moved_in") &&
                    entry.otherIdea ? (
                      <Link to={`/expanded-proposal/${entry.otherIdea._id}`}>
                        {moveEntryText(entry.kind, entry.otherIdea.title)}
                      </Link>
                    ) : (
                      ledgerEntryText(entry.kind, entry.submissionTitle, entry.videoHidden)
                    )}
                  </span>
                  <time
                    className={styles.ledgerEntryDate}
                    dateTime={new Date(entry.at).toISOString()}
                  >
                    {formatLongDate(entry.at)}
                  </time>
                </span>
                <span className={styles.ledgerEntryAmount}>{formatMoney(entry.amountCents)}</span>
              </li>
            ))}
          </ul>
          {entries.length > recent.length ? (
            <p className={styles.ledgerMore}>
              Showing the latest {recent.length} of {entries.length}
              {entries.length >= 50 ? "+" : ""} movements.
            </p>
          ) : null}
        </>
      )}
    </>
  );
}

/** Who money waiting for a creator waits for: the waiting winner(s) with that deadline. */
function waitingCreator(
  line: LedgerView["held"][number],
  winners: LedgerView["winners"],
): string | null {
  if (line.reason !== "waiting_for_creator") return null;
  const names = new Set(
    winners
      .filter((w) => w.status === "waiting" && w.claimDeadline === line.until)
      .map((w) => w.creatorName),
  );
  return names.size === 1 ? [...names][0]! : null;
}

function Total({ label, cents, problem }: { label: string; cents: number; problem?: boolean }) {
  return (
    <div
      className={clsx(styles.ledgerTotal, problem && styles.ledgerTotalProblem)}
      data-testid="ledger-total"
    >
      <dt>{label}</dt>
      <dd>{formatMoney(cents)}</dd>
    </div>
  );
}
