// The confirmation page while loading, on an error ('Return to Bounties') and for an unknown
// session ('Contribution not found.' with 'Find more Bounties').
import { Link } from "react-router-dom";
import { NOT_FOUND } from "./contributionDetails";
import NotFound from "../../components/NotFound";
import contributionViewStyles from "./ContributionView.module.css";

export function ContributionSkeleton() {
  return (
    <div className={contributionViewStyles.contributionSkeleton} aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading your contribution...
      </p>
      <div aria-hidden="true">
        <span className={`skeleton ${contributionViewStyles.contributionSkeletonTitle}`} />
        <span className={`skeleton ${contributionViewStyles.contributionSkeletonCard}`} />
        <span className={`skeleton ${contributionViewStyles.contributionSkeletonCard}`} />
      </div>
    </div>
  );
}

export function ContributionError({ message }: { message: string }) {
  return (
    <section
      className={`card ${contributionViewStyles.contributionProblem}`}
      aria-labelledby="contribution-problem-title"
    >
      <h1
        id="contribution-problem-title"
        className={contributionViewStyles.contributionProblemTitle}
      >
        Something went wrong
      </h1>
      <p className="alert alert-danger" role="alert">
        Error: {message}
      </p>
      <p className="muted">
        If you paid, your payment is safe: it counts toward the idea's bounty as soon as Stripe
        confirms it.
      </p>
      <div className={contributionViewStyles.contributionActions}>
        <Link to="/ideas" className="btn btn-primary">
          Return to Bounties
        </Link>
      </div>
    </section>
  );
}

export function ContributionNotFound() {
  return (
    <NotFound title={NOT_FOUND} actions={[{ to: "/ideas", label: "Find more Bounties" }]}>
      The link may be incomplete, or this checkout was never finished. There are plenty of other
      ideas waiting for their bounty.
    </NotFound>
  );
}
