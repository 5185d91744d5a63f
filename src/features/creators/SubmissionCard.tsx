import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { useConvexAuth } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import type { api } from "../../../convex/_generated/api";
import { safeHref } from "../../lib/safeHref";
import { useSubmissionVote } from "./useSubmissionVote";
import { useIsOwnSubmission, useMySubmissionVote } from "./useMySubmissionVote";
import VoteButtons from "../ideas/VoteButtons";
import OriginalityChecklist from "./OriginalityChecklist";
import VoteBreakdown from "./VoteBreakdown";
import ReportControl from "../moderation/ReportControl";
import VideoPreview from "./VideoPreview";
import Avatar from "../../components/Avatar";
import clsx from "clsx";
import { ExternalLink } from "lucide-react";
import styles from "./SubmissionCard.module.css";

/** One submission as `api.submissions.listForIdea` returns it. */
export type Submission = FunctionReturnType<typeof api.submissions.listForIdea>[number];

export const SIGN_IN_TO_VOTE = "Please sign in to vote";
export const OWN_VIDEO_VOTE = "You can't vote on your own video";
export const VOTING_CLOSED = "Voting on this idea's videos has closed.";
export const UNTITLED_VIDEO = "Untitled Video";

interface Props {
  submission: Submission;
  /** Extra controls at the bottom of the card (e.g. "Pick as winner"). */
  footer?: ReactNode;
  /** The title's heading level: 3 under the list's heading (default). */
  titleLevel?: 2 | 3 | 4;
  /** A mark beside the platform, e.g. the winner ribbon once the idea is awarded. */
  ribbon?: ReactNode;
  /** Judging has ended: votes no longer change anything. */
  votingClosed?: boolean;
}

/**
 * A submitted video (spec §2): title linking to the video, the link, 'Posted by' its author,
 * the platform, votes (up, count, down) and the originality checklist.
 */
export default function SubmissionCard({
  submission,
  footer,
  titleLevel = 3,
  ribbon,
  votingClosed = false,
}: Props) {
  const Title = `h${titleLevel}` as const;
  const { isAuthenticated } = useConvexAuth();
  const vote = useSubmissionVote();
  const userVote = useMySubmissionVote(submission._id);
  const isOwn = useIsOwnSubmission(submission.authorId);
  const titleId = `submission-${submission._id}-title`;
  const title = submission.title.trim() || UNTITLED_VIDEO;
  const href = safeHref(submission.url);
  const disabledReason = votingClosed
    ? VOTING_CLOSED
    : !isAuthenticated
      ? SIGN_IN_TO_VOTE
      : isOwn
        ? OWN_VIDEO_VOTE
        : undefined;

  return (
    <article
      className={clsx(`${styles.submissionCard} card`, isOwn && styles.submissionCardOwn)}
      aria-labelledby={titleId}
      data-testid="submission-card"
    >
      <div className={styles.submissionCardVotes}>
        <VoteButtons
          votes={submission.votes}
          userVote={userVote}
          onVote={(next) => vote(submission._id, next)}
          disabledReason={disabledReason}
          subject="this video"
          className={styles.submissionCardVoteButtons}
        />
      </div>

      <div className={styles.submissionCardBody}>
        <div className={styles.submissionCardTop}>
          <VideoPreview
            platform={submission.platform}
            url={submission.url}
            title={title}
            thumbnailUrl={submission.thumbnailUrl}
            durationSeconds={submission.durationSeconds}
            className={
              submission.platform === "TikTok" ? undefined : styles.submissionCardLandscapeVideo
            }
          />
          <div className={styles.submissionCardText}>
            <Title id={titleId} className={styles.submissionCardTitle}>
              {href ? (
                <a href={href} target="_blank" rel="noopener noreferrer">
                  {title}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              ) : (
                title
              )}
            </Title>
            {href ? (
              <a
                className={styles.submissionCardLink}
                href={href}
                target="_blank"
                rel="noopener noreferrer"
                tabIndex={-1}
                aria-hidden="true"
              >
                <VideoSource submission={submission} />
              </a>
            ) : (
              <span className={styles.submissionCardLink}>
                <VideoSource submission={submission} />
              </span>
            )}
            <p className={styles.submissionCardMeta}>
              <span className={styles.submissionCardAuthor}>
                <Avatar
                  name={submission.authorDisplayName}
                  url={submission.authorAvatarUrl}
                  size={20}
                  className={styles.submissionCardAvatar}
                />
                <span>
                  Posted by{" "}
                  <Link
                    to={`/creators/${submission.authorId}`}
                    className="submission-card__creator"
                  >
                    <strong>{submission.authorDisplayName}</strong>
                  </Link>
                </span>
              </span>
              <span className={`badge platform-badge--${submission.platform}`}>
                {submission.platform}
              </span>
              {isOwn && <span className="badge badge-primary">Your video</span>}
              {ribbon}
            </p>
            <ReportControl
              target="video"
              targetId={submission._id}
              label={`the video ${title}`}
              own={isOwn}
            />
          </div>
        </div>

        <OriginalityChecklist platform={submission.platform} checklist={submission.checklist} />
        <VoteBreakdown submissionId={submission._id} />

        {isOwn && !submission.checklist.ownedBySubmitter && (
          <p className={styles.submissionCardNote}>
            This video can be paid only once it is proven yours:{" "}
            <Link to="/profile?tab=settings">
              connect your {submission.platform} account in your Profile
            </Link>
            .
          </p>
        )}

        {footer && <div className={styles.submissionCardFooter}>{footer}</div>}
      </div>
    </article>
  );
}

/** Where the video lives, readable: its channel on its platform rather than the raw address. */
/** The video's link as people read it ("youtube.com/watch?v=…"), and its channel when known. */
function VideoSource({ submission }: { submission: Submission }) {
  const shown = submission.url.replace(/^https?:\/\//, "").replace(/^www\./, "");
  const channel = submission.channelTitle.trim();
  return (
    <>
      <ExternalLink size={14} strokeWidth={2} aria-hidden="true" />
      <span className={styles.submissionCardUrl}>{shown}</span>
      {channel ? (
        <span className={styles.submissionCardSource}>
          {" "}
          · {channel} on {submission.platform}
        </span>
      ) : null}
    </>
  );
}
