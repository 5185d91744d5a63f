import { useId } from "react";
import { Link } from "react-router-dom";
import { usePaginatedQuery, useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { toast } from "../../lib/toast";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { formatLongDate, formatMoney } from "../../lib/format";
import { safeHref } from "../../lib/safeHref";
import QueryErrorBoundary from "../../components/QueryErrorBoundary";
import { Loading, SkeletonRows } from "../../components/ui/Skeleton";
import { EmptyState } from "../../components/ui/EmptyState";
import type { ShownAwardStatus } from "../../../convex/model/money/rules";
import styles from "./SubmissionsTab.module.css";
import myBountiesTabStyles from "./MyBountiesTab.module.css";
import VideoThumb from "../../components/VideoThumb";
import { moduleClass } from "../../lib/moduleClass";
import { rankText } from "../studio/standing";

type MySubmission = FunctionReturnType<typeof api.studio.standings>["page"][number];

export const PAGE_SIZE = 10;
export const EMPTY_TEXT = "Your videos will appear here.";
export const LOAD_SUBMISSIONS_ERROR = "Failed to load submissions";
export const NOT_AWARDED = "Not awarded";
export const NOT_ELIGIBLE = "Not eligible to win:";
export const PAYOUT_HINT =
  "Expected Payout is what this video would receive if the bounty were settled now. " +
  "Max Payout is what it would receive if it won every contribution.";

/** Profile → Submissions: the videos the person submitted, newest first, with their payouts. */
export default function SubmissionsTab({ userId }: { userId: Id<"users"> }) {
  return (
    <QueryErrorBoundary
      fallback={
        <p className="alert alert-danger" role="alert">
          {LOAD_SUBMISSIONS_ERROR}. Please reload the page to try again.
        </p>
      }
      onError={() => toast.error(LOAD_SUBMISSIONS_ERROR, { id: "my-submissions-load-error" })}
    >
      <MySubmissions userId={userId} />
    </QueryErrorBoundary>
  );
}

function MySubmissions({ userId }: { userId: Id<"users"> }) {
  const hintId = useId();
  const { results, status, loadMore } = usePaginatedQuery(
    api.studio.standings,
    {},
    { initialNumItems: PAGE_SIZE },
  );

  if (status === "LoadingFirstPage") {
    return (
      <Loading className={styles.mySubmissions} label="Loading your submissions...">
        <SkeletonRows count={2} className={styles.mySubmissionsSkeleton} />
      </Loading>
    );
  }

  if (results.length === 0) {
    return (
      <EmptyState
        className={myBountiesTabStyles.profileEmpty}
        textClassName={myBountiesTabStyles.profileEmptyText}
        text={EMPTY_TEXT}
        action={
          <Link to="/ideas" className="btn btn-primary">
            Find an idea
          </Link>
        }
      />
    );
  }

  return (
    <div className={styles.mySubmissions}>
      <p id={hintId} className={`hint ${styles.mySubmissionsHint}`}>
        {PAYOUT_HINT}
      </p>
      <p className={styles.mySubmissionsLinks}>
        <Link to="/studio">Open your studio</Link> for your earnings, ratings and feedback ·{" "}
        <Link to={`/creators/${userId}`}>Your creator page</Link>
      </p>
      <ul className={styles.mySubmissionsList}>
        {results.map((submission) => (
          <MySubmissionItem key={submission._id} submission={submission} hintId={hintId} />
        ))}
      </ul>
      {(status === "CanLoadMore" || status === "LoadingMore") && (
        <div className={styles.mySubmissionsMore}>
          <button
            type="button"
            className="btn btn-secondary"
            disabled={status === "LoadingMore"}
            onClick={() => loadMore(PAGE_SIZE)}
          >
            {status === "LoadingMore" ? "Loading..." : "Load more"}
          </button>
        </div>
      )}
    </div>
  );
}

/** "#2 of 5 · 3 counted votes": where a video stands now, live. */
export function standingLine(
  s: Pick<MySubmission, "eligible" | "rank" | "rivals" | "countedVotes">,
) {
  const votes = `${s.countedVotes} counted ${s.countedVotes === 1 ? "vote" : "votes"}`;
  return `${rankText(s)} · ${votes}`;
}

/**
 * One video, led by what it is (its cover and title), "for {idea}", where it stands now and what
 * it would earn (Expected Payout) or earned.
 */
function MySubmissionItem({ submission, hintId }: { submission: MySubmission; hintId: string }) {
  const href = safeHref(submission.url);
  const titleId = `my-submission-${submission._id}`;
  const title = submission.title.trim() || "Untitled Video";
  return (
    <li className={`card ${styles.mySubmission}`} aria-labelledby={titleId}>
      <VideoThumb
        url={submission.thumbnailUrl}
        width={160}
        height={90}
        className={styles.mySubmissionThumb}
        fallback="box"
      />
      <div className={styles.mySubmissionBody}>
        <div>
          <h2 id={titleId} className={styles.mySubmissionTitle}>
            {href ? (
              <a href={href} target="_blank" rel="noopener noreferrer">
                {title}
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            ) : (
              title
            )}
          </h2>
          <p className={styles.mySubmissionIdea}>
            for <Link to={`/expanded-proposal/${submission.ideaId}`}>{submission.ideaTitle}</Link>
          </p>
        </div>
        <p className={styles.mySubmissionStanding} data-testid="submission-standing">
          {standingLine(submission)}
          {submission.finalist ? (
            <span className={styles.mySubmissionFinalist}>Finalist</span>
          ) : null}
        </p>
        <PayoutLines submissionId={submission._id} hintId={hintId} />
        {!submission.ownedBySubmitter && (
          <p className={styles.mySubmissionNote}>
            Not yet proven yours, so it can&apos;t be paid:{" "}
            <Link to="/profile?tab=settings">connect your {submission.platform} account</Link>.
          </p>
        )}
      </div>
    </li>
  );
}

/** `api.contributions.payoutForSubmission`'s answer for the submission's author (contract). */
export interface SubmissionPayout {
  phase: "open" | "judging" | "settled";
  eligible: boolean;
  ineligibleReasons: string[];
  expectedCents: number | null;
  maxCents: number | null;
  award: {
    amountCents: number;
    paidCents: number;
    status: ShownAwardStatus;
    claimDeadline: number;
    paidAt: number | null;
  } | null;
}

/**
 * The submission's money, live: 'Expected Payout: $x.xx' and 'Max Payout: $x.xx' while they can
 * still change; once settled, the award's state ("Paid $X on {date}") or "Not awarded".
 */
function PayoutLines({
  submissionId,
  hintId,
}: {
  submissionId: Id<"submissions">;
  hintId: string;
}) {
  return (
    <QueryErrorBoundary
      fallback={<p className={`${styles.mySubmissionPayout} muted`}>Payout unavailable</p>}
    >
      <PayoutLive submissionId={submissionId} hintId={hintId} />
    </QueryErrorBoundary>
  );
}

function PayoutLive({ submissionId, hintId }: { submissionId: Id<"submissions">; hintId: string }) {
  const payout: SubmissionPayout | null | undefined = useQuery(
    api.contributions.payoutForSubmission,
    { submissionId },
  );
  // Null (not the author, say): the spec's figures, at zero.
  return <SubmissionPayoutView payout={payout === null ? NO_PAYOUT : payout} hintId={hintId} />;
}

const NO_PAYOUT: SubmissionPayout = {
  phase: "open",
  eligible: true,
  ineligibleReasons: [],
  expectedCents: 0,
  maxCents: 0,
  award: null,
};

/** Where the submission stands, in a word: open, judging, won, paid, not eligible, ended. */
export function submissionStatus(payout: SubmissionPayout): { label: string; tone: string } {
  if (payout.award?.status === "paid") return { label: "Paid", tone: "success" };
  if (payout.award) return { label: "Won", tone: "success" };
  if (payout.phase === "settled") return { label: "Ended", tone: "neutral" };
  if (!payout.eligible) return { label: "Not eligible", tone: "danger" };
  return payout.phase === "judging"
    ? { label: "Judging", tone: "warning" }
    : { label: "Open", tone: "primary" };
}

/** What a submission earns or earned; `undefined` while it loads. */
export function SubmissionPayoutView({
  payout,
  hintId,
}: {
  payout: SubmissionPayout | undefined;
  hintId?: string;
}) {
  return (
    <>
      {payout !== undefined ? <StatusBadge payout={payout} /> : null}
      <PayoutFigures payout={payout} hintId={hintId} />
    </>
  );
}

function StatusBadge({ payout }: { payout: SubmissionPayout }) {
  const { label, tone } = submissionStatus(payout);
  return (
    <p className={styles.mySubmissionStatus} data-testid="submission-status">
      <span className="visually-hidden">Status: </span>
      <span className={tone === "neutral" ? "badge" : `badge badge-${tone}`}>{label}</span>
    </p>
  );
}

function PayoutFigures({
  payout,
  hintId,
}: {
  payout: SubmissionPayout | undefined;
  hintId?: string | undefined;
}) {
  if (payout !== undefined && payout.phase === "settled") {
    const status = payout.award?.status ?? "none";
    return (
      <div className={styles.mySubmissionPayouts}>
        <p
          className={`${styles.mySubmissionAward} ${moduleClass(styles, `my-submission__award--${status}`)}`}
        >
          {awardText(payout.award)}
        </p>
        {status === "waiting" ? (
          <p className={styles.mySubmissionNote}>
            <Link to="/profile?tab=settings">Set up payouts</Link> to receive it.
          </p>
        ) : null}
      </div>
    );
  }
  if (payout !== undefined && !payout.eligible) {
    return (
      <div className={styles.mySubmissionIneligible}>
        <p>{NOT_ELIGIBLE}</p>
        <ul className={styles.mySubmissionReasons}>
          {payout.ineligibleReasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      </div>
    );
  }
  const figure = (cents: number | null | undefined) =>
    payout === undefined ? "…" : formatMoney(cents ?? 0);
  return (
    <div
      className={styles.mySubmissionPayouts}
      aria-describedby={hintId}
      aria-busy={payout === undefined}
    >
      <p className={styles.mySubmissionPayout} title={PAYOUT_HINT}>
        Expected Payout: <strong>{figure(payout?.expectedCents)}</strong>
      </p>
      <p className={styles.mySubmissionPayout} title={PAYOUT_HINT}>
        Max Payout: <strong>{figure(payout?.maxCents)}</strong>
      </p>
    </div>
  );
}

/** The settled award in words. */
export function awardText(award: SubmissionPayout["award"]): string {
  if (award === null) return NOT_AWARDED;
  switch (award.status) {
    case "paid":
      return award.paidAt === null
        ? `Paid ${formatMoney(award.paidCents)}`
        : `Paid ${formatMoney(award.paidCents)} on ${formatLongDate(award.paidAt)}`;
    case "waiting":
      return `Waiting for you to set up payouts until ${formatLongDate(award.claimDeadline)}: ${formatMoney(award.amountCents)}`;
    case "paying":
      return `Being paid: ${formatMoney(award.amountCents)}`;
    case "frozen":
      return `Frozen by a card dispute: ${formatMoney(award.amountCents)}`;
    case "on_hold":
      return `Held: the payment could not be made; our team is on it: ${formatMoney(award.amountCents)}`;
  }
}
