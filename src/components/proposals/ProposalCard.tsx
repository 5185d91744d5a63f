import "../../styles/lists.css";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { useConvexAuth } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import type { api } from "../../../convex/_generated/api";
import { descriptionWithoutLinks } from "../../../convex/model/ideaText";
import { formatMoney } from "../../lib/format";
import LiveFigure from "../ui/LiveFigure";
import BountyBar from "./BountyBar";
import IdeaVoteButtons from "./IdeaVoteButtons";
import { ExpiryWithStatus, LengthChips, StatusFigure, useIdeaStatus } from "./IdeaStatus";
import IdeaCardVideos, { IdeaCardCover, coverVideoOf } from "./IdeaCardVideos";
import Avatar from "../Avatar";
import { Link2 } from "lucide-react";

export const NO_DESCRIPTION = "No description provided.";

/** One item of `api.proposals.list`. */
export type ProposalListItem = FunctionReturnType<typeof api.proposals.list>["page"][number];

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
  proposal: ProposalListItem;
  /** Extra actions under the bounty (e.g. a quick-contribute button). */
  actions?: ReactNode;
  /** The title's heading level: 2 on a list page, 3 under a section heading (default). */
  titleLevel?: 2 | 3;
}

/** One idea in a list: votes, title, description, platform, deadline and bounty. */
export default function ProposalCard({ proposal, actions, titleLevel = 3 }: Props) {
  const Title = titleLevel === 2 ? "h2" : "h3";
  const { isAuthenticated } = useConvexAuth();
  const description = descriptionWithoutLinks(proposal.description);
  const hosts = [...new Set(proposal.links.map(hostOf))];
  const titleId = `proposal-${proposal._id}-title`;
  // One status for every screen: open ideas show a figure to fund, the others what it became.
  const status = useIdeaStatus(proposal);
  // Once the idea has videos, the leading one's thumbnail is its cover (the strip shows the rest).
  const cover = coverVideoOf(proposal.videos);
  // The brief's paragraphs read as one on a card.
  const summary = description || proposal.brief?.replace(/\s*\n+\s*/g, " ");

  return (
    <article
      className={cover ? "proposal-card proposal-card--with-cover card" : "proposal-card card"}
      aria-labelledby={titleId}
    >
      {cover ? <IdeaCardCover video={cover} /> : null}
      <div className="proposal-card__votes">
        <IdeaVoteButtons
          proposal={proposal}
          subject={`“${proposal.title}”`}
          disabledReason={isAuthenticated ? undefined : "Please sign in to vote"}
        />
      </div>

      <div className="proposal-card__body">
        <div className="proposal-card__meta">
          <span
            className={`badge platform-badge platform-badge--${proposal.platform.toLowerCase()}`}
          >
            {proposal.platform === "Any" ? "Any platform" : proposal.platform}
          </span>
          <LengthChips durations={proposal.durations} className="proposal-card__lengths" />
          <ExpiryWithStatus
            status={status}
            expiration={proposal.expiration}
            className="proposal-card__expiry"
          />
        </div>

        <Title className="proposal-card__title" id={titleId}>
          <Link to={`/expanded-proposal/${proposal._id}`}>{proposal.title}</Link>
        </Title>

        {proposal.author ? (
          <p className="idea-poster">
            <Avatar name={proposal.author.name} url={proposal.author.avatarUrl} size={20} />
            <span className="idea-poster__name">by {proposal.author.name}</span>
          </p>
        ) : null}

        {/* The brief stands in for the description when there is one; neither: the spec's words. */}
        {summary ? (
          <p className="proposal-card__description">{summary}</p>
        ) : proposal.links.length === 0 ? (
          <p className="proposal-card__description is-empty">{NO_DESCRIPTION}</p>
        ) : null}
        {hosts.length > 0 ? (
          <p className="proposal-card__links">
            <Link2 size={14} strokeWidth={2} aria-hidden="true" />
            <span>
              {proposal.links.length === 1
                ? "1 supporting link"
                : `${proposal.links.length} supporting links`}
              : {hosts.join(", ")}
            </span>
          </p>
        ) : null}
        <IdeaCardVideos
          videos={cover ? proposal.videos.filter((v) => v._id !== cover._id) : proposal.videos}
          hideEmpty={cover !== null}
        />
      </div>

      <div className="proposal-card__bounty">
        {status.stage !== "open" ? (
          <StatusFigure
            status={status}
            labelClassName="proposal-card__amount-label"
            amountClassName="proposal-card__amount-value"
          />
        ) : (
          <>
            <p className="proposal-card__amount">
              <span className="proposal-card__amount-label">{status.figure.label}</span>
              <LiveFigure className="proposal-card__amount-value" value={proposal.bountyCents}>
                {formatMoney(proposal.bountyCents)}
              </LiveFigure>
            </p>
            <BountyBar bountyCents={proposal.bountyCents} backerCount={proposal.backerCount} />
          </>
        )}
        <p className="proposal-card__submissions">
          {submissionCountLabel(proposal.submissionCount)}
        </p>
        {status.stage !== "open" ? (
          <p className="proposal-card__submissions">{backerCountLabel(proposal.backerCount)}</p>
        ) : null}
        {actions ? <div className="proposal-card__actions">{actions}</div> : null}
      </div>
    </article>
  );
}
