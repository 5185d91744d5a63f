import "../../styles/lists.css";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { useConvexAuth } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import type { api } from "../../../convex/_generated/api";
import { DURATION_TIERS } from "../../../convex/model/labels";
import { descriptionWithoutLinks } from "../../../convex/model/ideaText";
import { formatMoney } from "../../lib/format";
import LiveFigure from "../ui/LiveFigure";
import BountyBar from "./BountyBar";
import ExpiryLabel from "./ExpiryLabel";
import IdeaVoteButtons from "./IdeaVoteButtons";
import EndingSummary, { endingFigure } from "./EndingSummary";
import IdeaCardVideos, { IdeaCardCover, coverVideoOf } from "./IdeaCardVideos";
import Avatar from "../Avatar";
import { Clock, Link2 } from "lucide-react";

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
  // Judging and finished ideas show what their bounty became, not a figure to fund.
  const ending = endingFigure(proposal.ending, proposal.bountyCents);
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
          {proposal.durations.map((duration) => (
            <span key={duration} className="badge" title={DURATION_TIERS[duration].text}>
              {DURATION_TIERS[duration].label}
            </span>
          ))}
          <span className="proposal-card__expiry">
            <Clock size={14} strokeWidth={2} aria-hidden="true" />
            <ExpiryLabel expiration={proposal.expiration} closed={proposal.status !== "open"} />
          </span>
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

        {/* A list shows the brief and the idea's videos where the idea page says "No description
            provided." */}
        {summary ? <p className="proposal-card__description">{summary}</p> : null}
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
        {ending ? (
          <EndingSummary figure={ending} />
        ) : (
          <>
            <p className="proposal-card__amount">
              <span className="proposal-card__amount-label">Bounty</span>
              <LiveFigure className="proposal-card__amount-value" value={proposal.bountyCents}>
                {formatMoney(proposal.bountyCents)}
              </LiveFigure>
            </p>
            <BountyBar bountyCents={proposal.bountyCents} />
          </>
        )}
        <p className="proposal-card__submissions">
          {submissionCountLabel(proposal.submissionCount)}
        </p>
        <p className="proposal-card__submissions">{backerCountLabel(proposal.backerCount)}</p>
        {actions ? <div className="proposal-card__actions">{actions}</div> : null}
      </div>
    </article>
  );
}
