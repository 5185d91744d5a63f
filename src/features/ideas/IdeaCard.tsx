import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { useConvexAuth } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import type { api } from "../../../convex/_generated/api";
import { descriptionWithoutLinks } from "../../../convex/model/ideaText";
import { formatMoney } from "../../lib/format";
import LiveFigure from "../../components/ui/LiveFigure";
import BountyBar from "./BountyBar";
import IdeaVoteButtons from "./IdeaVoteButtons";
import { ExpiryWithStatus, LengthChips, StatusFigure, useIdeaStatus } from "./IdeaStatus";
import IdeaCardVideos, { IdeaArtCover, IdeaCardCover, coverVideoOf } from "./IdeaCardVideos";
import Avatar from "../../components/Avatar";
import { Link2 } from "lucide-react";
import styles from "./IdeaCard.module.css";
import { moduleClass } from "../../lib/moduleClass";

export const NO_DESCRIPTION = "No description provided.";

/** One item of `api.ideas.list`. */
export type IdeaListItem = FunctionReturnType<typeof api.ideas.list>["page"][number];

function hostOf(link: string): string {
  try {
    return new URL(link).hostname.replace(/^www\./, "");
  } catch {
    return link;
  }
}

export function submissionCountLabel(count: number): string {
  return `${count} ${count === 1 ? "submission" : "submissions"}`;
}

export function backerCountLabel(count: number): string {
  return `${count} ${count === 1 ? "backer" : "backers"}`;
}

interface Props {
  idea: IdeaListItem;
  /** Extra actions under the bounty (e.g. a quick-contribute button). */
  actions?: ReactNode;
  /** The title's heading level: 2 on a list page, 3 under a section heading (default). */
  titleLevel?: 2 | 3;
}

/**
 * One idea in a list: its cover, votes, title, description, platform, deadline and bounty. On
 * phones it is compact (styles: cover beside the title, the amount once, votes and +$5 in one
 * row, under 300 px); wider, the cover sits beside the votes and the bounty has its column.
 */
export default function IdeaCard({ idea, actions, titleLevel = 3 }: Props) {
  const Title = titleLevel === 2 ? "h2" : "h3";
  const { isAuthenticated } = useConvexAuth();
  const description = descriptionWithoutLinks(idea.description);
  const hosts = [...new Set(idea.links.map(hostOf))];
  const titleId = `idea-${idea._id}-title`;
  // One status for every screen: open ideas show a figure to fund, the others what it became.
  const status = useIdeaStatus(idea);
  // Once the idea has videos, the leading one's thumbnail is its cover (the strip shows the rest).
  const cover = coverVideoOf(idea.videos);
  // The brief's paragraphs read as one on a card.
  const summary = description || idea.brief?.replace(/\s*\n+\s*/g, " ");

  return (
    <article className={`${styles.ideaCard} card`} aria-labelledby={titleId}>
      {cover ? (
        <IdeaCardCover video={cover} />
      ) : (
        <IdeaArtCover ideaId={idea._id} platform={idea.platform} className={styles.ideaCardArt} />
      )}
      <div className={styles.ideaCardVotes}>
        <IdeaVoteButtons
          idea={idea}
          subject={`“${idea.title}”`}
          disabledReason={isAuthenticated ? undefined : "Please sign in to vote"}
        />
      </div>

      <div className={styles.ideaCardBody}>
        <div className={styles.ideaCardMeta}>
          <span
            className={`badge ${moduleClass(styles, `platform-badge--${idea.platform.toLowerCase()}`)}`}
          >
            {idea.platform === "Any" ? "Any platform" : idea.platform}
          </span>
          <LengthChips durations={idea.durations} className={styles.ideaCardLengths} />
          <ExpiryWithStatus
            status={status}
            expiration={idea.expiration}
            className={styles.ideaCardExpiry}
          />
        </div>

        <Title className={styles.ideaCardTitle} id={titleId}>
          <Link to={`/expanded-proposal/${idea._id}`}>{idea.title}</Link>
        </Title>

        {idea.author ? (
          <p className={styles.ideaPoster}>
            <Avatar
              name={idea.author.name}
              url={idea.author.avatarUrl}
              size={20}
              className={styles.ideaPosterAvatar}
            />
            <span className={styles.ideaPosterName}>by {idea.author.name}</span>
          </p>
        ) : null}

        {/* The brief stands in for the description when there is one; neither: the spec's words. */}
        {summary ? (
          <p className={styles.ideaCardDescription}>{summary}</p>
        ) : idea.links.length === 0 ? (
          <p className={`${styles.ideaCardDescription} ${styles.isEmpty}`}>{NO_DESCRIPTION}</p>
        ) : null}
        {hosts.length > 0 ? (
          <p className={styles.ideaCardLinks}>
            <Link2 size={14} strokeWidth={2} aria-hidden="true" />
            <span>
              {idea.links.length === 1
                ? "1 supporting link"
                : `${idea.links.length} supporting links`}
              : {hosts.join(", ")}
            </span>
          </p>
        ) : null}
        <div className={styles.ideaCardStrip}>
          <IdeaCardVideos
            videos={cover ? idea.videos.filter((v) => v._id !== cover._id) : idea.videos}
            hideEmpty={cover !== null}
          />
        </div>
      </div>

      <div className={styles.ideaCardBounty}>
        <div className={styles.ideaCardFigure}>
          {status.stage !== "open" ? (
            <StatusFigure
              status={status}
              rowClassName={styles.ideaCardAmount}
              labelClassName={styles.ideaCardAmountLabel}
              amountClassName={styles.ideaCardAmountValue}
            />
          ) : (
            <>
              <p className={styles.ideaCardAmount}>
                <span className={styles.ideaCardAmountLabel}>{status.figure.label}</span>
                <LiveFigure className={styles.ideaCardAmountValue} value={idea.bountyCents}>
                  {formatMoney(idea.bountyCents)}
                </LiveFigure>
              </p>
              {/* The amount is printed once: the bar's line names the backers only. */}
              <BountyBar
                bountyCents={idea.bountyCents}
                backerCount={idea.backerCount}
                showAmount={false}
              />
            </>
          )}
        </div>
        <div className={styles.ideaCardFooter}>
          <p className={styles.ideaCardSubmissions}>{submissionCountLabel(idea.submissionCount)}</p>
          {status.stage !== "open" ? (
            <p className={styles.ideaCardSubmissions}>{backerCountLabel(idea.backerCount)}</p>
          ) : null}
          {actions ? <div className={styles.ideaCardActions}>{actions}</div> : null}
        </div>
      </div>
    </article>
  );
}
