import "../../styles/lists.css";
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
import IdeaCardVideos, { IdeaCardCover, coverVideoOf } from "./IdeaCardVideos";
import Avatar from "../../components/Avatar";
import { Link2 } from "lucide-react";

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

/** One idea in a list: votes, title, description, platform, deadline and bounty. */
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
    <article
      className={cover ? "idea-card idea-card--with-cover card" : "idea-card card"}
      aria-labelledby={titleId}
    >
      {cover ? <IdeaCardCover video={cover} /> : null}
      <div className="idea-card__votes">
        <IdeaVoteButtons
          idea={idea}
          subject={`“${idea.title}”`}
          disabledReason={isAuthenticated ? undefined : "Please sign in to vote"}
        />
      </div>

      <div className="idea-card__body">
        <div className="idea-card__meta">
          <span className={`badge platform-badge platform-badge--${idea.platform.toLowerCase()}`}>
            {idea.platform === "Any" ? "Any platform" : idea.platform}
          </span>
          <LengthChips durations={idea.durations} className="idea-card__lengths" />
          <ExpiryWithStatus
            status={status}
            expiration={idea.expiration}
            className="idea-card__expiry"
          />
        </div>

        <Title className="idea-card__title" id={titleId}>
          <Link to={`/expanded-proposal/${idea._id}`}>{idea.title}</Link>
        </Title>

        {idea.author ? (
          <p className="idea-poster">
            <Avatar
              name={idea.author.name}
              url={idea.author.avatarUrl}
              size={20}
              className="idea-poster__avatar"
            />
            <span className="idea-poster__name">by {idea.author.name}</span>
          </p>
        ) : null}

        {/* The brief stands in for the description when there is one; neither: the spec's words. */}
        {summary ? (
          <p className="idea-card__description">{summary}</p>
        ) : idea.links.length === 0 ? (
          <p className="idea-card__description is-empty">{NO_DESCRIPTION}</p>
        ) : null}
        {hosts.length > 0 ? (
          <p className="idea-card__links">
            <Link2 size={14} strokeWidth={2} aria-hidden="true" />
            <span>
              {idea.links.length === 1
                ? "1 supporting link"
                : `${idea.links.length} supporting links`}
              : {hosts.join(", ")}
            </span>
          </p>
        ) : null}
        <IdeaCardVideos
          videos={cover ? idea.videos.filter((v) => v._id !== cover._id) : idea.videos}
          hideEmpty={cover !== null}
        />
      </div>

      <div className="idea-card__bounty">
        {status.stage !== "open" ? (
          <StatusFigure
            status={status}
            labelClassName="idea-card__amount-label"
            amountClassName="idea-card__amount-value"
          />
        ) : (
          <>
            <p className="idea-card__amount">
              <span className="idea-card__amount-label">{status.figure.label}</span>
              <LiveFigure className="idea-card__amount-value" value={idea.bountyCents}>
                {formatMoney(idea.bountyCents)}
              </LiveFigure>
            </p>
            <BountyBar bountyCents={idea.bountyCents} backerCount={idea.backerCount} />
          </>
        )}
        <p className="idea-card__submissions">{submissionCountLabel(idea.submissionCount)}</p>
        {status.stage !== "open" ? (
          <p className="idea-card__submissions">{backerCountLabel(idea.backerCount)}</p>
        ) : null}
        {actions ? <div className="idea-card__actions">{actions}</div> : null}
      </div>
    </article>
  );
}
