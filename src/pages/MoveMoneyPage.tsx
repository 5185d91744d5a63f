// /move-money/:contributionId — a backer moves money nobody delivered for to another idea (issue
// 36; product rules "Moving money to another idea"): the amount, until when they may pick, the
// ideas it may go to (open, not their own, judging ending within 120 days of their payment), and
// a confirmation. The money becomes a contribution there from the same payment: no new charge.
import { useState } from "react";
import { Link, useParams } from "react-router-dom";
import { useQuery } from "convex/react";
import { api } from "../../convex/_generated/api";
import PageFallback from "../components/PageFallback";
import NotFound from "../components/NotFound";
import QueryErrorBoundary from "../components/QueryErrorBoundary";
import DestinationPicker from "../features/moves/DestinationPicker";
import { formatLongDate, formatMoney } from "../lib/format";
import { useDocumentTitle } from "../lib/useDocumentTitle";
import { useNow } from "../lib/useNow";
import styles from "../features/moves/MoveMoney.module.css";

export const MOVE_TITLE = "Move your money to another idea";

export default function MoveMoneyPage() {
  const { contributionId } = useParams();
  useDocumentTitle(MOVE_TITLE);
  return (
    <div className={`container container-narrow page ${styles.movePage}`}>
      {contributionId ? (
        <QueryErrorBoundary key={contributionId} fallback={<MoveNotFound />}>
          <MoveLoader contributionId={contributionId} />
        </QueryErrorBoundary>
      ) : (
        <MoveNotFound />
      )}
    </div>
  );
}

function MoveLoader({ contributionId }: { contributionId: string }) {
  const state = useQuery(api.moves.moveState, { contributionId });
  const now = useNow();
  const [done, setDone] = useState<{ ideaId: string; title: string } | null>(null);
  if (state === undefined) return <PageFallback />;
  if (state === null) return <MoveNotFound />;
  const amount = formatMoney(state.movedTo?.amountCents ?? state.heldCents);
  const from = <Link to={`/expanded-proposal/${state.from._id}`}>“{state.from.title}”</Link>;

  if (state.state === "moved" && state.movedTo) {
    return (
      <article className={styles.move} aria-labelledby="move-title">
        <p className="eyebrow">Your money</p>
        <h1 id="move-title" className={styles.moveTitle}>
          {done ? "Moved" : "Already moved"}
        </h1>
        <p className={`alert alert-success ${styles.moveDone}`} role="status">
          Your {amount} from {from} now backs{" "}
          <Link to={`/expanded-proposal/${state.movedTo._id}`}>“{state.movedTo.title}”</Link> (moved
          on {formatLongDate(state.movedTo.at)}). It follows that idea's rules; if nobody delivers
          there, it is refunded to your original card.
        </p>
        <Link
          className={`btn btn-primary ${styles.moveOpen}`}
          to={`/expanded-proposal/${state.movedTo._id}`}
        >
          Open “{state.movedTo.title}”
        </Link>
      </article>
    );
  }
  const open = state.state === "waiting" && state.moveBy !== null && now < state.moveBy;
  return (
    <article className={styles.move} aria-labelledby="move-title">
      <p className="eyebrow">Your money</p>
      <h1 id="move-title" className={styles.moveTitle}>
        {MOVE_TITLE}
      </h1>
      {open ? (
        <>
          <p className={styles.moveLead}>
            Nobody delivered {from}. Pick an open idea for your <strong>{amount}</strong> by{" "}
            <strong>{formatLongDate(state.moveBy!)}</strong>; if you don't, it is refunded to your
            card then.
          </p>
          <ul className={styles.moveRules}>
            <li>
              It becomes a contribution to the idea you pick, from the same payment: you are not
              charged again.
            </li>
            <li>
              It follows that idea's rules, and is refunded to your original card if nobody delivers
              there.
            </li>
            <li>
              Money moves once, never to your own idea, and only to an idea whose judging ends by{" "}
              {state.judgingMustEndBy ? formatLongDate(state.judgingMustEndBy) : "—"} (120 days
              after your payment, so a refund still reaches your card).
            </li>
          </ul>
          <DestinationPicker
            contributionId={state.contributionId}
            amountCents={state.heldCents}
            onMoved={setDone}
          />
        </>
      ) : (
        <p className="alert" role="status">
          {state.heldCents > 0
            ? `The week to move this money has ended: your ${amount} is being refunded to your card.`
            : "This money is no longer waiting to be moved: see where it is on the idea's page."}{" "}
          <Link to={`/expanded-proposal/${state.from._id}`}>Back to the idea</Link>
        </p>
      )}
    </article>
  );
}

function MoveNotFound() {
  return (
    <NotFound
      title="Contribution not found."
      actions={[{ to: "/profile", label: "Your bounties" }]}
    >
      Only the person who made a contribution can move it. Sign in with that account, or find it
      under Profile → My Bounties.
    </NotFound>
  );
}
