// /leaderboard: this week's boards beside last week's (weeks Monday 00:00 UTC to Monday).
import { Link } from "react-router-dom";
import { weekStartOf } from "../../convex/model/community/weeks";
import WeekBoards from "../features/leaderboard/WeekBoards";
import QueryErrorBoundary from "../components/QueryErrorBoundary";
import { useDocumentTitle } from "../lib/useDocumentTitle";
import { useNow } from "../lib/useNow";

export default function LeaderboardPage() {
  useDocumentTitle("Leaderboards");
  // The shared 30-second clock: at Monday 00:00 UTC this week becomes last week by itself.
  const thisWeek = weekStartOf(useNow());
  return (
    <div className="container page list-page">
      <header className="list-page__header">
        <div>
          <h1>Leaderboards</h1>
          <p className="list-page__lead">
            This week on Bounties, beside last week. Weeks run from Monday 00:00 UTC to the next
            Monday.
          </p>
        </div>
        <Link to="/ideas" className="btn btn-secondary">
          Browse bounties
        </Link>
      </header>
      <QueryErrorBoundary
        fallback={
          <p className="card" role="alert">
            The leaderboards could not be loaded. Please reload the page.
          </p>
        }
      >
        <WeekBoards thisWeek={thisWeek} />
      </QueryErrorBoundary>
    </div>
  );
}
