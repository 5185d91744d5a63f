// <Ledger proposalId headingLevel? />: an idea's money, live (product rules "Money": every
// state change of money is recorded, so an idea's page can show its ledger).
//
// Props:
//   proposalId:    string — the idea.
//   headingLevel?: 2 | 3  — level of the card's heading (default 2, like the idea page's cards).
//
// Shows the totals Contributed, Refunded, Awarded and Paid out, what is still held until the
// winner is decided, and the latest movements with their dates. Renders nothing for an unknown
// idea; a failing query shows a short note instead of taking the page down.
import "../../styles/money.css";
import { useId } from "react";
import { useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { api } from "../../../convex/_generated/api";
import { formatLongDate, formatMoney } from "../../../convex/model/labels";
import QueryErrorBoundary from "../QueryErrorBoundary";

export const LEDGER_TITLE = "Where the money goes";
export const LEDGER_EXPLANATION =
  "Every paid dollar ends up with a creator or back with its contributor — Bounties keeps none of it.";
/** How many movements the list shows. */
export const RECENT_ENTRIES = 5;

type LedgerData = NonNullable<FunctionReturnType<typeof api.contributions.ledger>>;
type Kind = LedgerData["entries"][number]["kind"];

export const KIND_LABELS: Record<Kind, string> = {
  contributed: "Contributed",
  refunded: "Refunded",
  awarded: "Awarded",
  paid_out: "Paid out",
};

const KIND_TEXT: Record<Kind, string> = {
  contributed: "A contribution was paid",
  refunded: "Returned to a contributor",
  awarded: "Awarded to a winning video",
  paid_out: "Transferred to a creator",
};

export interface LedgerProps {
  proposalId: string;
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
      <LedgerInner {...props} />
    </QueryErrorBoundary>
  );
}

function LedgerInner({ proposalId, headingLevel = 2 }: LedgerProps) {
  const ledger = useQuery(api.contributions.ledger, { proposalId });
  const titleId = useId();
  const Heading = headingLevel === 3 ? "h3" : "h2";

  if (ledger === null) return null;

  return (
    <section className="card ledger" aria-labelledby={titleId} aria-busy={ledger === undefined}>
      <Heading id={titleId} className="ledger__title">
        {LEDGER_TITLE}
      </Heading>
      <p className="ledger__explanation">{LEDGER_EXPLANATION}</p>
      {ledger === undefined ? (
        <div aria-hidden="true">
          <span className="skeleton ledger__skeleton" />
        </div>
      ) : (
        <LedgerBody ledger={ledger} subheading={headingLevel === 3 ? "h4" : "h3"} />
      )}
    </section>
  );
}

function LedgerBody({ ledger, subheading: Sub }: { ledger: LedgerData; subheading: "h3" | "h4" }) {
  const { totals, entries } = ledger;
  const held = totals.contributedCents - totals.refundedCents - totals.awardedCents;
  const owed = totals.awardedCents - totals.paidOutCents;
  const recent = entries.slice(0, RECENT_ENTRIES);

  return (
    <>
      <dl className="ledger__totals">
        <Total label={KIND_LABELS.contributed} cents={totals.contributedCents} />
        <Total label={KIND_LABELS.refunded} cents={totals.refundedCents} />
        <Total label={KIND_LABELS.awarded} cents={totals.awardedCents} />
        <Total label={KIND_LABELS.paid_out} cents={totals.paidOutCents} />
      </dl>
      {held > 0 || owed > 0 ? (
        <p className="ledger__held">
          {held > 0 ? (
            <>
              <strong>{formatMoney(held)}</strong> is held until the winner is decided.
            </>
          ) : null}
          {held > 0 && owed > 0 ? " " : null}
          {owed > 0 ? (
            <>
              <strong>{formatMoney(owed)}</strong> is on its way to creators.
            </>
          ) : null}
        </p>
      ) : null}
      {recent.length === 0 ? (
        <p className="ledger__empty">No money has moved yet. Paid contributions appear here.</p>
      ) : (
        <>
          <Sub className="ledger__subtitle">Recent movements</Sub>
          <ul className="ledger__entries">
            {recent.map((entry) => (
              <li key={entry._id} className={`ledger-entry ledger-entry--${entry.kind}`}>
                <span className="ledger-entry__text">
                  <span className="ledger-entry__kind">{KIND_TEXT[entry.kind]}</span>
                  <time className="ledger-entry__date" dateTime={new Date(entry.at).toISOString()}>
                    {formatLongDate(entry.at)}
                  </time>
                </span>
                <span className="ledger-entry__amount">{formatMoney(entry.amountCents)}</span>
              </li>
            ))}
          </ul>
          {entries.length > recent.length ? (
            <p className="ledger__more">
              Showing the latest {recent.length} of {entries.length}
              {entries.length >= 50 ? "+" : ""} movements.
            </p>
          ) : null}
        </>
      )}
    </>
  );
}

function Total({ label, cents }: { label: string; cents: number }) {
  return (
    <div className="ledger__total">
      <dt>{label}</dt>
      <dd>{formatMoney(cents)}</dd>
    </div>
  );
}
