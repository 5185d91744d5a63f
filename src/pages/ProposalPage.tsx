import "../styles/proposal.css";
import "../styles/idea-card.css";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import NotFound from "../components/NotFound";
import { useConvexAuth } from "convex/react";
import { durationLine, formatLongDate, formatMoney, platformLine } from "../lib/format";
import IdeaFromRoute, {
  LOAD_ERROR_MESSAGE,
  type Proposal,
} from "../components/proposals/IdeaFromRoute";
import BountyBar from "../components/proposals/BountyBar";
import LiveFigure from "../components/ui/LiveFigure";
import IdeaOutcome from "../components/proposals/IdeaOutcome";
import {
  LengthChips,
  StatusFigure,
  statusBadgeClass,
  useIdeaStatus,
} from "../components/proposals/IdeaStatus";
import { backerCountLabel, submissionCountLabel } from "../components/proposals/ProposalCard";
import type { IdeaStatus } from "../../convex/model/ideaStage";
import IdeaVoteButtons from "../components/proposals/IdeaVoteButtons";
import SubmissionList from "../components/submissions/SubmissionList";
import FundButton from "../components/money/FundButton";
import Ledger from "../components/money/Ledger";
import { descriptionWithoutLinks, safeHref } from "../../convex/model/ideaText";
import YourContributions from "../components/money/YourContributions";
import FollowButton from "../components/notifications/FollowButton";
import { useDocumentTitle } from "../lib/useDocumentTitle";
import { Loading, Skeleton } from "../components/ui/Skeleton";
import AfterFirstPaint from "../components/ui/AfterFirstPaint";
import IdeaLiveNotice from "../components/share/IdeaLiveNotice";
import ShareButtons from "../components/share/ShareButtons";
import Avatar from "../components/Avatar";
import { Calendar, CirclePlay, Clock, Monitor, type LucideIcon } from "lucide-react";
import { useQuery } from "convex/react";
import { api } from "../../convex/_generated/api";
import IdeaStepper from "../components/ideaPage/IdeaStepper";
import IdeaBrief from "../components/ideaPage/IdeaBrief";
import PickYourWinner from "../components/judging/PickYourWinner";
import CreatorStanding from "../components/judging/CreatorStanding";
import IdeaUpdates from "../components/updates/IdeaUpdates";
import Conversation from "../components/conversation/Conversation";

export const NO_DESCRIPTION = "No description provided.";
export const CLOSED_MESSAGE = "This proposal is no longer accepting submissions.";
export const SIGN_IN_TO_VOTE = "Please sign in to vote";

/** /expanded-proposal/:proposalId: one idea, live. Without an id: the not-found card. */
export default function ProposalPage() {
  return (
    <IdeaFromRoute
      className="container page proposal-page"
      skeleton={<ProposalSkeleton />}
      notFound={<ProposalNotFound />}
    >
      {(proposal) => <ProposalDetails proposal={proposal} />}
    </IdeaFromRoute>
  );
}

function ProposalDetails({ proposal }: { proposal: Proposal }) {
  useDocumentTitle(proposal.title);
  const { isAuthenticated } = useConvexAuth();
  // The one status every screen shows (convex/model/ideaStage.ts ideaStatusOf).
  const status = useIdeaStatus(proposal);
  const expired = status.expiry === "Completed";

  return (
    <article className="proposal" aria-labelledby="proposal-title">
      <nav className="proposal-back" aria-label="Breadcrumb">
        <Link to="/ideas">
          <span aria-hidden="true">←</span> All bounties
        </Link>
      </nav>

      <IdeaLiveNotice proposalId={proposal._id} title={proposal.title} />

      <header className="proposal-header">
        <IdeaVoteButtons
          proposal={proposal}
          disabledReason={isAuthenticated ? undefined : SIGN_IN_TO_VOTE}
        />
        <div className="proposal-header__text">
          <div className="proposal-header__badges">
            {expired ? (
              <>
                <span className="badge">Completed</span>
                {status.now ? <span className={statusBadgeClass(status)}>{status.now}</span> : null}
              </>
            ) : (
              <span className="badge badge-success">Open for submissions</span>
            )}
          </div>
          <h1 id="proposal-title" className="proposal-header__title">
            {proposal.title}
          </h1>
          <p className="proposal-header__meta">
            Posted {formatLongDate(proposal._creationTime)} ·{" "}
            {submissionCountLabel(proposal.submissionCount)} ·{" "}
            {backerCountLabel(proposal.backerCount)}
          </p>
          {proposal.author && (
            <p className="idea-poster">
              <Avatar name={proposal.author.name} url={proposal.author.avatarUrl} size={24} />
              <span className="idea-poster__name">by {proposal.author.name}</span>
            </p>
          )}
        </div>
      </header>
      <IdeaStepper ending={proposal.ending} />

      {/* The end of a bounty, role by role: what this viewer can do or where they stand. */}
      <PickYourWinner proposalId={proposal._id} />
      <CreatorStanding proposalId={proposal._id} />
      <IdeaOutcome proposalId={proposal._id} />

      <AfterFirstPaint placeholder={<ProposalLayoutSkeleton />}>
        <ProposalLayout proposal={proposal} expired={expired} status={status} />
      </AfterFirstPaint>
    </article>
  );
}

/** The bounty box and the idea's sections, below the header. */
function ProposalLayout({
  proposal,
  expired,
  status,
}: {
  proposal: Proposal;
  expired: boolean;
  status: IdeaStatus;
}) {
  // The "Supporting Links:" block is left out: the page shows the links themselves.
  const text = descriptionWithoutLinks(proposal.description);
  const bounty = formatMoney(proposal.bountyCents);

  return (
    <div className="proposal-layout">
      <aside className="proposal-aside" aria-label="Bounty">
        <section className="card proposal-bounty">
          {/* Once judging starts, the box tells what the bounty became, not what one can earn. */}
          {status.stage !== "open" ? (
            <div className="proposal-bounty__total">
              <StatusFigure
                status={status}
                rowClassName="proposal-bounty__figure"
                labelClassName="proposal-bounty__label"
                amountClassName="proposal-bounty__amount"
              />
            </div>
          ) : (
            <>
              <div className="proposal-bounty__total">
                <p className="proposal-bounty__label">Total Bounty</p>
                <LiveFigure as="p" className="proposal-bounty__amount" value={proposal.bountyCents}>
                  {bounty}
                </LiveFigure>
              </div>
              <BountyBar bountyCents={proposal.bountyCents} backerCount={proposal.backerCount} />
              <p className="proposal-bounty__earn">
                <span>You can earn up to</span> <strong>{bounty}</strong>
              </p>
            </>
          )}

          <FundButton proposalId={proposal._id} expired={expired} />

          {expired ? (
            <p className="proposal-closed">{CLOSED_MESSAGE}</p>
          ) : (
            <Link
              to={`/submit-content/${proposal._id}`}
              className="btn btn-primary btn-lg btn-block"
            >
              Submit Your Video
            </Link>
          )}
          <FollowButton proposalId={proposal._id} />
          <ShareButtons
            proposalId={proposal._id}
            title={proposal.title}
            heading="Share this idea"
            className="proposal-share"
            asking={status.stage === "open"}
          />
        </section>
      </aside>
      <div className="proposal-main">
        <IdeaBrief brief={proposal.brief} />
        <section className="card proposal-section" aria-labelledby="proposal-about">
          <h2 id="proposal-about" className="proposal-section__title">
            About this idea
          </h2>
          {text === "" && proposal.links.length === 0 ? (
            <p className="muted">{NO_DESCRIPTION}</p>
          ) : (
            <>
              {text !== "" && <p className="proposal-description">{text}</p>}
              {proposal.links.length > 0 && <SupportingLinks links={proposal.links} />}
            </>
          )}
        </section>

        <section className="card proposal-section" aria-labelledby="proposal-requirements">
          <h2 id="proposal-requirements" className="proposal-section__title">
            Requirements
          </h2>
          <dl className="proposal-facts">
            <Fact icon="clock" term="Time remaining">
              <time dateTime={new Date(proposal.expiration).toISOString()}>{status.expiry}</time>
              {status.now ? <span className="proposal-fact__now"> · {status.now}</span> : null}
            </Fact>
            <Fact icon="platform" term="Platform">
              {platformLine(proposal.platform)}
            </Fact>
            <Fact icon="duration" term="Length">
              {durationLine(proposal.durations)}
              <LengthChips durations={proposal.durations} className="proposal-fact__chips" />
            </Fact>
            <Fact icon="calendar" term="Deadline">
              <time dateTime={new Date(proposal.expiration).toISOString()}>
                {formatLongDate(proposal.expiration)}
              </time>
            </Fact>
          </dl>
        </section>

        <PosterUpdates proposalId={proposal._id} />
        <SubmissionList proposalId={proposal._id} closed={expired} />
        <Conversation proposalId={proposal._id} />
        <YourContributions proposalId={proposal._id} />
        <Ledger proposalId={proposal._id} />
      </div>
    </div>
  );
}

/** The poster's updates; the poster writes them here (their role comes from the conversation). */
function PosterUpdates({ proposalId }: { proposalId: Proposal["_id"] }) {
  const viewer = useQuery(api.conversation.viewer, { proposalId });
  return <IdeaUpdates proposalId={proposalId} isPoster={viewer?.role === "poster"} />;
}

type FactIcon = "clock" | "platform" | "duration" | "calendar";

const ICONS: Record<FactIcon, LucideIcon> = {
  clock: Clock,
  platform: Monitor,
  duration: CirclePlay,
  calendar: Calendar,
};

function Fact({ icon, term, children }: { icon: FactIcon; term: string; children: ReactNode }) {
  const Icon = ICONS[icon];
  return (
    <div className="proposal-fact">
      <dt className="proposal-fact__term">
        <Icon className="proposal-fact__icon" size={20} strokeWidth={1.8} aria-hidden="true" />
        {term}
      </dt>
      <dd className="proposal-fact__value">{children}</dd>
    </div>
  );
}

function SupportingLinks({ links }: { links: string[] }) {
  return (
    <div className="proposal-links">
      <h3 className="proposal-links__title">Supporting links</h3>
      <ul className="proposal-links__list">
        {links.map((link, index) => {
          const href = safeHref(link);
          return (
            <li key={`${index}-${link}`}>
              {href ? (
                <a href={href} target="_blank" rel="noopener noreferrer nofollow">
                  {link}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              ) : (
                <span>{link}</span>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * The idea page's own blocks (back link, vote pill + title + meta, the two-column grid with the
 * bounty box first, as in the loaded page) so nothing moves when the idea arrives.
 */
function ProposalSkeleton() {
  return (
    <Loading className="proposal-skeleton" label="Loading the idea...">
      <div className="proposal-back" aria-hidden="true">
        <Skeleton className="proposal-skeleton__back" />
      </div>
      <div className="proposal-header" aria-hidden="true">
        <Skeleton className="proposal-skeleton__votes" />
        <div className="proposal-header__text">
          <Skeleton className="proposal-skeleton__badge" />
          <Skeleton className="proposal-skeleton__title" />
          <Skeleton className="proposal-skeleton__meta" />
        </div>
      </div>
      <ProposalLayoutSkeleton />
    </Loading>
  );
}

/** The two-column grid's stand-in, with the bounty box first as in the loaded page. */
function ProposalLayoutSkeleton() {
  return (
    <div className="proposal-layout" aria-hidden="true">
      <div className="proposal-aside">
        <Skeleton className="proposal-skeleton__aside" />
      </div>
      <div className="proposal-main">
        <Skeleton className="proposal-skeleton__about" />
        <Skeleton className="proposal-skeleton__facts" />
      </div>
    </div>
  );
}

function ProposalNotFound() {
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
