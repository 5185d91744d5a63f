import { useQuery } from "convex/react";
import { toast } from "../../lib/toast";
import { api } from "../../../convex/_generated/api";
import QueryErrorBoundary from "../../components/QueryErrorBoundary";
import WinnerPick from "../judging/WinnerPick";
import PickStatus from "../judging/PickStatus";
import VideoRating from "../judging/VideoRating";
import SubmissionCard from "./SubmissionCard";
import { Award, Medal } from "lucide-react";
import { Loading, SkeletonRows } from "../../components/ui/Skeleton";
import { EmptyState } from "../../components/ui/EmptyState";
import { useCurrentUser } from "../../lib/session";
import { submissionVotesOpenAt } from "../../../convex/model/money/rules";
import sectionStyles from "../ideas/IdeaSection.module.css";
import styles from "./SubmissionList.module.css";

export const EMPTY_TITLE = "Be the first to submit!";
export const EMPTY_TEXT = "Early submissions are more likely to be rewarded.";
export const EMPTY_CLOSED = "No videos were submitted to this idea.";
export const LOAD_SUBMISSIONS_ERROR = "Failed to load submissions";

interface Props {
  ideaId: string;
  /** The idea no longer takes submissions: the empty state does not invite any. */
  closed?: boolean;
}

/** The idea page's submissions: live, most voted first, with the spec's empty state. */
export default function SubmissionList({ ideaId, closed = false }: Props) {
  return (
    <section className={`card ${sectionStyles.ideaSection}`} aria-labelledby="submissions-heading">
      <h2 id="submissions-heading" className={sectionStyles.ideaSectionTitle}>
        Submissions
      </h2>
      <QueryErrorBoundary
        key={ideaId}
        fallback={
          <p className="alert alert-danger" role="alert">
            {LOAD_SUBMISSIONS_ERROR}. Please reload the page to try again.
          </p>
        }
        onError={() => toast.error(LOAD_SUBMISSIONS_ERROR, { id: "submissions-load-error" })}
      >
        <Submissions ideaId={ideaId} closed={closed} />
      </QueryErrorBoundary>
    </section>
  );
}

function Submissions({ ideaId, closed }: Required<Props>) {
  const submissions = useQuery(api.submissions.listForIdea, { ideaId });
  const outcome = useQuery(api.ideas.outcome, { ideaId });
  // Ratings are given here while the idea is open (the judging gallery takes over after).
  const open = outcome?.kind === "open";
  const role = useQuery(api.judging.myRole, open ? { ideaId } : "skip");
  // The list is shared by every viewer; "own video" is its authorId against the profile's id.
  const { user } = useCurrentUser();
  const winners = new Set(
    outcome?.kind === "awarded" ? outcome.winners.map((w) => w.submissionId) : [],
  );
  // Votes on videos close when judging ends, by the clock (model/money/rules.ts).
  const votingClosed =
    outcome !== undefined &&
    outcome !== null &&
    outcome.kind !== "open" &&
    (outcome.kind !== "judging" || !submissionVotesOpenAt(outcome.judgingEndsAt, Date.now()));

  if (submissions === undefined) {
    return (
      <Loading className={styles.submissionsLoading} label="Loading submissions...">
        <SkeletonRows count={2} className={styles.submissionsSkeleton} />
      </Loading>
    );
  }

  if (submissions.length === 0) {
    return closed ? (
      <EmptyState className={styles.submissionsEmpty} text={EMPTY_CLOSED} />
    ) : (
      <EmptyState className={styles.submissionsEmpty} title={EMPTY_TITLE} text={EMPTY_TEXT} />
    );
  }

  return (
    <>
      {/* While open, a backer who may pick reads here what they picked and until when. */}
      {open ? <PickStatus ideaId={submissions[0]!.ideaId} className={styles.pickStatus} /> : null}
      <ol className={styles.submissionsList} aria-labelledby="submissions-heading">
        {submissions.map((submission) => {
          const own = user !== null && user._id === submission.authorId;
          return (
            <li key={submission._id}>
              <SubmissionCard
                submission={submission}
                votingClosed={votingClosed}
                ribbon={
                  winners.has(submission._id) ? (
                    <WinnerRibbon />
                  ) : submission.finalist ? (
                    <FinalistRibbon />
                  ) : null
                }
                footer={
                  <>
                    <WinnerPick
                      ideaId={ideaId}
                      submissionId={submission._id}
                      isOwn={own}
                      title={submission.title}
                    />
                    {open && role?.raterRole && !own ? (
                      <VideoRating
                        submissionId={submission._id}
                        title={submission.title}
                        mine={role.ratings.find((r) => r.submissionId === submission._id) ?? null}
                      />
                    ) : null}
                  </>
                }
              />
            </li>
          );
        })}
      </ol>
    </>
  );
}

function FinalistRibbon() {
  return (
    <span className={styles.finalistRibbon}>
      <Medal size={14} aria-hidden="true" /> Finalist
    </span>
  );
}

function WinnerRibbon() {
  return (
    <span className={styles.winnerRibbon}>
      <Award size={14} aria-hidden="true" /> Winner
    </span>
  );
}
