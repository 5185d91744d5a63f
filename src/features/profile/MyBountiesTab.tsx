// Profile → My Bounties (spec §2 "Profile"): the ideas the person posted and the ideas they
// backed, live and page by page, each with its submissions, votes, how it ended, what they and
// everyone contributed, and where the person's own money is.
import clsx from "clsx";
import { Link } from "react-router-dom";
import { usePaginatedQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import type { ReactNode } from "react";
import { toast } from "../../lib/toast";
import { api } from "../../../convex/_generated/api";
import { formatLongDate, formatMoney } from "../../lib/format";
import { ExpiryWithStatus, StatusFigure, useIdeaStatus } from "../ideas/IdeaStatus";
import { bountyWithBackers } from "../../../convex/model/ideaStage";
import QueryErrorBoundary from "../../components/QueryErrorBoundary";
import { FateList } from "../money/FateList";
import BackerOptions from "../moves/BackerOptions";
import { Loading } from "../../components/ui/Skeleton";
import { EmptyState } from "../../components/ui/EmptyState";
import styles from "./MyBountiesTab.module.css";
import ideaCardStyles from "../ideas/IdeaCard.module.css";

export const MY_BOUNTIES_EMPTY = "Your original ideas will appear here.";
export const BACKED_EMPTY = "Ideas you fund will appear here.";
export const LOAD_CONTRIBUTIONS_ERROR = "Failed to load contributions";
const PAGE_SIZE = 10;

type MyIdea = FunctionReturnType<typeof api.contributions.myPostedIdeas>["page"][number];

export default function MyBountiesTab() {
  return (
    <QueryErrorBoundary
      fallback={
        <div className="alert alert-danger" role="alert">
          {LOAD_CONTRIBUTIONS_ERROR}. Please reload the page to try again.
        </div>
      }
      onError={() => toast.error(LOAD_CONTRIBUTIONS_ERROR, { id: "my-bounties-error" })}
    >
      <div className={styles.myBountiesSections}>
        <IdeaSection
          kind="posted"
          title="Ideas you posted"
          empty={
            <EmptyState
              className={styles.profileEmpty}
              textClassName={styles.profileEmptyText}
              text={MY_BOUNTIES_EMPTY}
              action={
                <Link to="/submit" className="btn btn-primary">
                  Post an idea
                </Link>
              }
            />
          }
        />
        <IdeaSection
          kind="backed"
          title="Ideas you backed"
          empty={
            <EmptyState
              className={styles.profileEmpty}
              textClassName={styles.profileEmptyText}
              text={BACKED_EMPTY}
              action={
                <Link to="/ideas" className="btn btn-secondary">
                  Browse open bounties
                </Link>
              }
            />
          }
        />
      </div>
    </QueryErrorBoundary>
  );
}

function IdeaSection({
  kind,
  title,
  empty,
}: {
  kind: "posted" | "backed";
  title: string;
  empty: ReactNode;
}) {
  const query =
    kind === "posted" ? api.contributions.myPostedIdeas : api.contributions.myBackedIdeas;
  const { results, status, loadMore } = usePaginatedQuery(
    query,
    {},
    { initialNumItems: PAGE_SIZE },
  );
  const headingId = `my-bounties-${kind}`;
  // A backed idea whose payments straddle two pages comes twice: keep the first.
  const ideas = [...new Map(results.map((idea) => [idea._id, idea])).values()];

  let body: ReactNode;
  if (status === "LoadingFirstPage") {
    // Most people have posted or backed nothing yet: the stand-in takes the empty state's exact
    // shape (drawn invisibly inside it), so the page does not move when the answer is "none".
    body = (
      <Loading className={styles.myBounties} label="Loading your bounties...">
        <div className={`skeleton ${styles.myBountiesSkeleton}`} aria-hidden="true" inert>
          {empty}
        </div>
      </Loading>
    );
  } else if (ideas.length === 0 && status === "Exhausted") {
    body = empty;
  } else {
    body = (
      <>
        <ul className={styles.myBounties} aria-labelledby={headingId}>
          {ideas.map((idea) => (
            <MyBountyItem key={idea._id} bounty={idea} />
          ))}
        </ul>
        {status === "CanLoadMore" || status === "LoadingMore" ? (
          <button
            type="button"
            className={`btn btn-secondary ${styles.myBountiesMore}`}
            onClick={() => loadMore(PAGE_SIZE)}
            disabled={status === "LoadingMore"}
          >
            {status === "LoadingMore" ? "Loading…" : "Load more"}
          </button>
        ) : null}
      </>
    );
  }
  return (
    <section className={styles.myBountiesSection} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.myBountiesSectionTitle}>
        {title}
      </h2>
      {body}
    </section>
  );
}

function MyBountyItem({ bounty }: { bounty: MyIdea }) {
  // The same status the idea's card and page show (convex/model/ideaStage.ts).
  const status = useIdeaStatus(bounty);
  return (
    <li className={`card ${styles.myBounty}`} data-testid="my-bounty">
      <div className={styles.myBountyHead}>
        <h3 className={styles.myBountyTitle}>
          <Link to={`/expanded-proposal/${bounty._id}`}>{bounty.title}</Link>
        </h3>
        <ExpiryWithStatus status={status} expiration={bounty.expiration} />
      </div>
      <div className={styles.myBountyFigure}>
        {status.stage === "open" ? (
          <p className={styles.myBountyBounty}>
            <span className={styles.myBountyFigureLabel}>{status.figure.label}</span>{" "}
            {bountyWithBackers(bounty.bountyCents, bounty.backerCount)}
          </p>
        ) : (
          <StatusFigure
            status={status}
            rowClassName={clsx(ideaCardStyles.ideaCardAmount, styles.myBountyFigureRow)}
            labelClassName={styles.myBountyFigureLabel}
            amountClassName={styles.myBountyFigureAmount}
          />
        )}
      </div>
      <dl className={styles.myBountyCounts}>
        <div className={styles.myBountyCount}>
          <dt>Number of Submissions</dt>
          <dd>{bounty.submissionCount}</dd>
        </div>
        <div className={styles.myBountyCount}>
          <dt>Votes</dt>
          <dd>{bounty.votes}</dd>
        </div>
      </dl>
      <div className={styles.myBountyMoney}>
        <p
          className={styles.myBountyAmount}
        >{`You Contributed: ${formatMoney(bounty.youContributedCents)}`}</p>
        <p className={`${styles.myBountyAmount} ${styles.myBountyAmountTotal}`}>
          {`Total Contributed: ${formatMoney(bounty.totalCents)}`}
        </p>
      </div>
      {bounty.yourMoney.length > 0 ? (
        <div className={styles.myBountyFate}>
          <p className={styles.myBountyFateTitle}>Your money</p>
          {bounty.movedIn.map((m) => (
            <p key={`${m.ideaId}-${m.at}`} className={styles.myBountyMovedIn}>
              {formatMoney(m.amountCents)} moved here from{" "}
              <Link to={`/expanded-proposal/${m.ideaId}`}>“{m.title}”</Link> on{" "}
              {formatLongDate(m.at)}.
            </p>
          ))}
          <FateList parts={bounty.yourMoney} />
        </div>
      ) : null}
      {bounty.yourOptions.some(actionable) ? (
        <ul className={styles.myBountyOptions} aria-label="What you can do with your money">
          {bounty.yourOptions.filter(actionable).map((options) => (
            <li key={options.contributionId}>
              {bounty.yourOptions.length > 1 ? (
                <p className={styles.myBountyFateTitle}>
                  Your {formatMoney(options.amountCents)} payment
                </p>
              ) : null}
              <BackerOptions options={options} amountCents={options.amountCents} />
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** Options worth showing in the list: a choice still open, money to take back or to move. */
function actionable(o: MyIdea["yourOptions"][number]): boolean {
  return (o.choiceOpen && !o.movedIn) || o.withdrawUntil !== null || o.moveBy !== null;
}
