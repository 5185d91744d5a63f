// Profile → My Bounties (spec §2 "Profile"): the ideas the person posted, live, each with its
// submissions, votes, what they contributed and what everyone contributed. No props.
import "../../styles/money.css";
import { Link } from "react-router-dom";
import { useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { toast } from "sonner";
import { api } from "../../../convex/_generated/api";
import { formatMoney } from "../../lib/format";
import QueryErrorBoundary from "../QueryErrorBoundary";
import { Loading, SkeletonRows } from "../ui/Skeleton";
import { EmptyState } from "../ui/EmptyState";

export const MY_BOUNTIES_EMPTY = "Your original ideas will appear here.";
export const LOAD_CONTRIBUTIONS_ERROR = "Failed to load contributions";

type MyBounty = FunctionReturnType<typeof api.contributions.myBounties>[number];

const STATUS_BADGES: Record<MyBounty["status"], { label: string; className: string }> = {
  open: { label: "Open", className: "badge badge-success" },
  judging: { label: "Choosing the winner", className: "badge badge-warning" },
  settled: { label: "Completed", className: "badge" },
};

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
      <MyBountiesList />
    </QueryErrorBoundary>
  );
}

function MyBountiesList() {
  const bounties = useQuery(api.contributions.myBounties, {});

  if (bounties === undefined) {
    return (
      <Loading className="my-bounties" label="Loading your bounties...">
        <SkeletonRows count={2} className="my-bounties__skeleton" />
      </Loading>
    );
  }

  if (bounties.length === 0) {
    return (
      <EmptyState
        className="profile-empty"
        text={MY_BOUNTIES_EMPTY}
        action={
          <Link to="/submit" className="btn btn-primary">
            Post an idea
          </Link>
        }
      />
    );
  }

  return (
    <ul className="my-bounties" aria-label="Your ideas">
      {bounties.map((bounty) => (
        <MyBountyItem key={bounty._id} bounty={bounty} />
      ))}
    </ul>
  );
}

function MyBountyItem({ bounty }: { bounty: MyBounty }) {
  const badge = STATUS_BADGES[bounty.status];
  return (
    <li className="card my-bounty">
      <div className="my-bounty__head">
        <h2 className="my-bounty__title">
          <Link to={`/expanded-proposal/${bounty._id}`}>{bounty.title}</Link>
        </h2>
        <span className={badge.className}>{badge.label}</span>
      </div>
      <dl className="my-bounty__counts">
        <div className="my-bounty__count">
          <dt>Number of Submissions</dt>
          <dd>{bounty.submissionCount}</dd>
        </div>
        <div className="my-bounty__count">
          <dt>Votes</dt>
          <dd>{bounty.votes}</dd>
        </div>
      </dl>
      <div className="my-bounty__money">
        <p className="my-bounty__amount">{`You Contributed: ${formatMoney(bounty.youContributedCents)}`}</p>
        <p className="my-bounty__amount my-bounty__amount--total">
          {`Total Contributed: ${formatMoney(bounty.totalCents)}`}
        </p>
      </div>
    </li>
  );
}
