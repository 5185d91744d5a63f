import { Link } from "react-router-dom";
import NotFound from "../components/NotFound";
import { useConvexAuth } from "convex/react";
import { formatLongDate, formatMoney } from "../lib/format";
import IdeaFromRoute, { LOAD_ERROR_MESSAGE, type Idea } from "../features/ideas/IdeaFromRoute";
import BountyBar from "../features/ideas/BountyBar";
import LiveFigure from "../components/ui/LiveFigure";
import IdeaOutcome from "../features/ideas/IdeaOutcome";
import { StatusFigure, statusBadgeClass, useIdeaStatus } from "../features/ideas/IdeaStatus";
import { backerCountLabel, submissionCountLabel } from "../features/ideas/IdeaCard";
import type { IdeaStatus } from "../../convex/model/ideaStage";
import IdeaVoteButtons from "../features/ideas/IdeaVoteButtons";
import SubmissionList from "../features/creators/SubmissionList";
import FundButton from "../features/money/FundButton";
import Ledger from "../features/money/Ledger";
import YourContributions from "../features/money/YourContributions";
import FollowButton from "../features/notifications/FollowButton";
import FollowPersonButton from "../features/follows/FollowPersonButton";
import ReportControl from "../features/moderation/ReportControl";
import { useDocumentTitle } from "../lib/useDocumentTitle";
import { Loading, Skeleton } from "../components/ui/Skeleton";
import AfterFirstPaint from "../components/ui/AfterFirstPaint";
import IdeaLiveNotice from "../features/share/IdeaLiveNotice";
import ShareButtons from "../features/share/ShareButtons";
import Avatar from "../components/Avatar";
import { useQuery } from "convex/react";
import { api } from "../../convex/_generated/api";
import IdeaStepper from "../features/ideas/IdeaStepper";
import IdeaBrief from "../features/ideas/IdeaBrief";
import CreatorStanding from "../features/judging/CreatorStanding";
import JudgingGallery from "../features/judging/JudgingGallery";
import IdeaUpdates from "../features/ideas/IdeaUpdates";
import Conversation from "../features/conversation/Conversation";
import IdeaAbout from "../features/ideas/IdeaAbout";
import IdeaRequirements from "../features/ideas/IdeaRequirements";
import IdeaEditHistory from "../features/ideas/IdeaEditHistory";
import BackersList from "../features/money/BackersList";
import { useRecordShare, useRecordView } from "../features/ideas/usePageStats";
import styles from "./IdeaPage.module.css";
import ideaCardStyles from "../features/ideas/IdeaCard.module.css";

export const CLOSED_MESSAGE = "This proposal is no longer accepting submissions.";
export const SIGN_IN_TO_VOTE = "Please sign in to vote";
export const MANAGE_LABEL = "Manage your idea";

/** /expanded-proposal/:ideaId: one idea, live. Without an id: the not-found card. */
export default function IdeaPage() {
  return (
    <IdeaFromRoute
      className="container page idea-page"
      skeleton={<IdeaSkeleton />}
      notFound={<IdeaNotFound />}
    >
      {(idea) => <IdeaDetails idea={idea} />}
    </IdeaFromRoute>
  );
}

function IdeaDetails({ idea }: { idea: Idea }) {
  useDocumentTitle(idea.title);
  useRecordView(idea._id);
  const { isAuthenticated } = useConvexAuth();
  // The one status every screen shows (convex/model/ideaStage.ts ideaStatusOf).
  const status = useIdeaStatus(idea);
  const expired = status.expiry === "Completed";

  return (
    <article className="idea" aria-labelledby="idea-title">
      <nav className="idea-back" aria-label="Breadcrumb">
        <Link to="/ideas">
          <span aria-hidden="true">←</span> All bounties
        </Link>
      </nav>

      <IdeaLiveNotice ideaId={idea._id} title={idea.title} />

      <header className="idea-header">
        <IdeaVoteButtons
          idea={idea}
          disabledReason={isAuthenticated ? undefined : SIGN_IN_TO_VOTE}
          className="idea-header__votes"
        />
        <div className="idea-header__text">
          <div className="idea-header__badges" data-testid="idea-badges">
            {/* One chip for what is happening now; "Completed" stays the time left, below. */}
            {expired ? (
              <span className={statusBadgeClass(status)}>{status.badge}</span>
            ) : (
              <span className="badge badge-success">Open for submissions</span>
            )}
          </div>
          <h1 id="idea-title" className="idea-header__title">
            {idea.title}
          </h1>
          <p className="idea-header__meta">
            Posted {formatLongDate(idea._creationTime)} ·{" "}
            {submissionCountLabel(idea.submissionCount)} · {backerCountLabel(idea.backerCount)}
            {idea.extendedFrom !== null ? (
              <>
                {" "}
                · Deadline extended from {formatLongDate(idea.extendedFrom)} to{" "}
                {formatLongDate(idea.expiration)}
              </>
            ) : null}
          </p>
          <IdeaEditHistory ideaId={idea._id} editedAt={idea.editedAt} />
          {idea.author && <PosterLine author={idea.author} />}
        </div>
      </header>
      <IdeaStepper ending={idea.ending} />
      <PosterLink ideaId={idea._id} />

      {/* The end of a bounty, role by role: where it stands (and what this viewer picked),
          where the viewer's own video stands, the videos judged side by side. */}
      <IdeaOutcome ideaId={idea._id} />
      <CreatorStanding ideaId={idea._id} />
      <JudgingGallery ideaId={idea._id} />

      <AfterFirstPaint placeholder={<IdeaLayoutSkeleton />}>
        <IdeaLayout idea={idea} expired={expired} status={status} />
      </AfterFirstPaint>
    </article>
  );
}

/** The bounty box and the idea's sections, below the header. */
function IdeaLayout({
  idea,
  expired,
  status,
}: {
  idea: Idea;
  expired: boolean;
  status: IdeaStatus;
}) {
  const bounty = formatMoney(idea.bountyCents);
  const onShared = useRecordShare(idea._id);

  return (
    <div className={styles.ideaLayout}>
      <aside className={styles.ideaAside} aria-label="Bounty">
        <section className={`card ${styles.ideaBounty}`}>
          {/* Once judging starts, the box tells what the bounty became, not what one can earn. */}
          {status.stage !== "open" ? (
            <div className="idea-bounty__total">
              <StatusFigure
                status={status}
                rowClassName={styles.ideaBountyFigure}
                labelClassName={styles.ideaBountyLabel}
                amountClassName={styles.ideaBountyAmount}
              />
            </div>
          ) : (
            <>
              <div className="idea-bounty__total">
                <p className={styles.ideaBountyLabel}>Total Bounty</p>
                <LiveFigure
                  as="p"
                  className={styles.ideaBountyAmount}
                  value={idea.bountyCents}
                  testId="bounty-amount"
                >
                  {bounty}
                </LiveFigure>
              </div>
              <BountyBar bountyCents={idea.bountyCents} backerCount={idea.backerCount} />
              <p className={styles.ideaBountyEarn}>
                <span>You can earn up to</span> <strong>{bounty}</strong>
              </p>
            </>
          )}

          <FundButton ideaId={idea._id} expired={expired} />

          {expired ? (
            <p className={styles.ideaClosed}>{CLOSED_MESSAGE}</p>
          ) : (
            <Link to={`/submit-content/${idea._id}`} className="btn btn-primary btn-lg btn-block">
              Submit Your Video
            </Link>
          )}
          <FollowButton ideaId={idea._id} />
          <IdeaReport ideaId={idea._id} />
          <ShareButtons
            ideaId={idea._id}
            title={idea.title}
            heading="Share this idea"
            className={styles.ideaShare}
            asking={status.stage === "open"}
            onShared={onShared}
          />
        </section>
      </aside>
      <div className={styles.ideaMain}>
        <IdeaBrief brief={idea.brief} />
        <IdeaAbout idea={idea} />
        <IdeaRequirements idea={idea} status={status} />

        <PosterUpdates ideaId={idea._id} />
        <SubmissionList ideaId={idea._id} closed={expired} />
        <Conversation ideaId={idea._id} />
        <BackersList ideaId={idea._id} />
        <YourContributions ideaId={idea._id} />
        <Ledger ideaId={idea._id} />
      </div>
    </div>
  );
}

/**
 * Who posted the idea: their page (/creators/{id}, every person's public page) and, for anyone
 * else, a button to follow them and hear of their next ideas and videos.
 */
function PosterLine({ author }: { author: NonNullable<Idea["author"]> }) {
  return (
    <div className={styles.ideaPosterRow}>
      <p className={ideaCardStyles.ideaPoster}>
        <Avatar
          name={author.name}
          url={author.avatarUrl}
          size={24}
          className={ideaCardStyles.ideaPosterAvatar}
        />
        <span className={ideaCardStyles.ideaPosterName}>
          by <Link to={`/creators/${author._id}`}>{author.name}</Link>
        </span>
      </p>
      <FollowPersonButton personId={author._id} name={author.name} compact />
    </div>
  );
}

/** "Report" on the idea, for signed-in people other than its poster. */
function IdeaReport({ ideaId }: { ideaId: Idea["_id"] }) {
  const viewer = useQuery(api.conversation.viewer, { ideaId });
  if (!viewer) return null;
  return (
    <ReportControl
      target="idea"
      targetId={ideaId}
      label="this idea"
      own={viewer.role === "poster"}
    />
  );
}

/** The poster's updates; the poster writes them here (their role comes from the conversation). */
function PosterUpdates({ ideaId }: { ideaId: Idea["_id"] }) {
  const viewer = useQuery(api.conversation.viewer, { ideaId });
  return <IdeaUpdates ideaId={ideaId} isPoster={viewer?.role === "poster"} />;
}

/** The way into the poster's control room, for the poster only. */
function PosterLink({ ideaId }: { ideaId: Idea["_id"] }) {
  const viewer = useQuery(api.conversation.viewer, { ideaId });
  if (viewer?.role !== "poster") return null;
  return (
    <p className={styles.ideaPosterTools}>
      <Link to={`/expanded-proposal/${ideaId}/manage`} className="btn btn-secondary btn-sm">
        {MANAGE_LABEL}
      </Link>{" "}
      <span className="muted">Edit the brief, extend the deadline, see stats and backers.</span>
    </p>
  );
}

/**
 * The idea page's own blocks (back link, vote pill + title + meta, the two-column grid with the
 * bounty box first, as in the loaded page) so nothing moves when the idea arrives.
 */
function IdeaSkeleton() {
  return (
    <Loading className={styles.ideaSkeleton} label="Loading the idea...">
      <div className="idea-back" aria-hidden="true">
        <Skeleton className={styles.ideaSkeletonBack} />
      </div>
      <div className="idea-header" aria-hidden="true">
        <Skeleton className={styles.ideaSkeletonVotes} />
        <div className="idea-header__text">
          <Skeleton className={styles.ideaSkeletonBadge} />
          <Skeleton className={styles.ideaSkeletonTitle} />
          <Skeleton className={styles.ideaSkeletonMeta} />
        </div>
      </div>
      <IdeaLayoutSkeleton />
    </Loading>
  );
}

/** The two-column grid's stand-in, with the bounty box first as in the loaded page. */
function IdeaLayoutSkeleton() {
  return (
    <div className={styles.ideaLayout} aria-hidden="true">
      <div className={styles.ideaAside}>
        <Skeleton className={styles.ideaSkeletonAside} />
      </div>
      <div className={styles.ideaMain}>
        <Skeleton className={styles.ideaSkeletonAbout} />
        <Skeleton className={styles.ideaSkeletonFacts} />
      </div>
    </div>
  );
}

function IdeaNotFound() {
  useDocumentTitle("Idea not found");
  return (
    <NotFound
      title={LOAD_ERROR_MESSAGE}
      actions={[
        { to: "/ideas", label: "Browse open bounties" },
        { to: "/submit", label: "Post your own idea" },
      ]}
    >
      This idea may have been removed, or the link may be incomplete. There are plenty of other
      bounties waiting for a video.
    </NotFound>
  );
}
