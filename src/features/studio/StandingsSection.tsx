// The studio's submissions: each video the creator submitted, newest first, with where it stands
// now — counted votes, its place among the videos that can win, how many backers picked it,
// "Finalist", the ratings' average and the private feedback it received. Live: a vote, a pick or
// a rating anywhere shows at once.
import { Link } from "react-router-dom";
import { usePaginatedQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { Award } from "lucide-react";
import { api } from "../../../convex/_generated/api";
import { safeHref } from "../../lib/safeHref";
import VideoThumb from "../../components/VideoThumb";
import { Loading, SkeletonRows } from "../../components/ui/Skeleton";
import { EmptyState } from "../../components/ui/EmptyState";
import FeedbackReceived from "../judging/FeedbackReceived";
import { rankText } from "./standing";
import styles from "./Studio.module.css";

type Row = FunctionReturnType<typeof api.studio.standings>["page"][number];

export const PAGE_SIZE = 5;
export const NO_SUBMISSIONS = "You haven't submitted a video yet.";
const STATUS_WORDS: Record<Row["ideaStatus"], string> = {
  open: "Open",
  judging: "Judging",
  settled: "Ended",
};

export default function StandingsSection() {
  const { results, status, loadMore } = usePaginatedQuery(
    api.studio.standings,
    {},
    { initialNumItems: PAGE_SIZE },
  );
  return (
    <section className={`card ${styles.studioSection}`} aria-labelledby="studio-standing-heading">
      <h2 id="studio-standing-heading" className={styles.studioSectionTitle}>
        Your submissions
      </h2>
      {status === "LoadingFirstPage" ? (
        <Loading label="Loading your submissions...">
          <SkeletonRows count={2} className={styles.studioSkeletonRow} />
        </Loading>
      ) : results.length === 0 ? (
        <EmptyState
          text={NO_SUBMISSIONS}
          action={
            <Link to="/ideas" className="btn btn-primary btn-sm">
              Find an idea
            </Link>
          }
        />
      ) : (
        <ul className={styles.standings}>
          {results.map((row) => (
            <StandingItem key={row._id} row={row} />
          ))}
        </ul>
      )}
      {status === "CanLoadMore" || status === "LoadingMore" ? (
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          disabled={status === "LoadingMore"}
          onClick={() => loadMore(PAGE_SIZE)}
        >
          {status === "LoadingMore" ? "Loading..." : "Show more submissions"}
        </button>
      ) : null}
    </section>
  );
}

function StandingItem({ row }: { row: Row }) {
  const href = safeHref(row.url);
  const titleId = `standing-${row._id}`;
  return (
    <li className={styles.standing} aria-labelledby={titleId} data-testid="studio-submission">
      <VideoThumb url={row.thumbnailUrl} width={160} height={90} className={styles.standingThumb} />
      <div className={styles.standingBody}>
        <h3 id={titleId} className={styles.standingTitle}>
          {href ? (
            <a href={href} target="_blank" rel="noopener noreferrer">
              {row.title || "Untitled Video"}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          ) : (
            row.title || "Untitled Video"
          )}
        </h3>
        <p className={styles.standingIdea}>
          for <Link to={`/expanded-proposal/${row.ideaId}`}>{row.ideaTitle}</Link> ·{" "}
          <span className="badge">{STATUS_WORDS[row.ideaStatus]}</span>
          {row.finalist ? (
            <span className={styles.standingFinalist}>
              <Award size={14} aria-hidden="true" /> Finalist
            </span>
          ) : null}
        </p>
        <dl className={styles.standingFigures}>
          <div>
            <dt>Counted votes</dt>
            <dd>{row.countedVotes}</dd>
          </div>
          <div>
            <dt>Rank</dt>
            <dd>{rankText(row)}</dd>
          </div>
          <div>
            <dt>Picks</dt>
            <dd>{row.picks}</dd>
          </div>
        </dl>
        <FeedbackReceived average={row.average} count={row.ratingCount} feedback={row.feedback} />
      </div>
    </li>
  );
}
