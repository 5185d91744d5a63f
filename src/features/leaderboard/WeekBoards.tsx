// The three weekly boards side by side with last week's (product rules "Community and trust"):
// most funded ideas, most wanted ideas (counted votes), top creators (money paid to them). Live:
// a payment, a vote or a payout moves them on every open screen.
import { Link } from "react-router-dom";
import { useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { api } from "../../../convex/_generated/api";
import { WEEK_MS, weekRangeText } from "../../../convex/model/community/weeks";
import { formatMoney } from "../../lib/format";
import Avatar from "../../components/Avatar";
import VideoThumb from "../../components/VideoThumb";
import { Loading, SkeletonRows } from "../../components/ui/Skeleton";
import { IdeaArtCover } from "../ideas/IdeaCardVideos";
import styles from "./WeekBoards.module.css";

type Boards = FunctionReturnType<typeof api.leaderboard.week>;
type BoardIdea = Boards["funded"][number]["idea"];

export const BOARDS = {
  funded: {
    title: "Most funded ideas",
    hint: "Money that came in this week and still counts toward the bounty.",
    empty: "No money came in yet.",
  },
  wanted: {
    title: "Most wanted ideas",
    hint: "Counted votes gained this week: votes from accounts older than the idea and at least 7 days old.",
    empty: "No counted votes yet.",
  },
  creators: {
    title: "Top creators",
    hint: "Money paid to creators this week for their winning videos.",
    empty: "Nobody was paid yet.",
  },
} as const;
type BoardKey = keyof typeof BOARDS;

export const votesText = (n: number) => `${n} ${n === 1 ? "vote" : "votes"}`;

export default function WeekBoards({ thisWeek }: { thisWeek: number }) {
  const lastWeek = thisWeek - WEEK_MS;
  const current = useQuery(api.leaderboard.week, { week: thisWeek });
  const previous = useQuery(api.leaderboard.week, { week: lastWeek });
  if (current === undefined || previous === undefined) return <BoardsSkeleton />;
  return (
    <>
      {(Object.keys(BOARDS) as BoardKey[]).map((key) => (
        <section key={key} className={styles.board} aria-labelledby={`board-${key}`}>
          <div className={styles.boardHeader}>
            <h2 id={`board-${key}`} className={styles.boardTitle}>
              {BOARDS[key].title}
            </h2>
            <p className={styles.boardHint}>{BOARDS[key].hint}</p>
          </div>
          <div className={styles.boardWeeks}>
            <WeekColumn
              board={key}
              boards={current}
              label="This week"
              range={weekRangeText(thisWeek)}
            />
            <WeekColumn
              board={key}
              boards={previous}
              label="Last week"
              range={weekRangeText(lastWeek)}
            />
          </div>
        </section>
      ))}
    </>
  );
}

/**
 * The boards' stand-in until both weeks have loaded. They then appear at once with their final
 * heights: a board that loaded first and grew would push the ones below it down the screen
 * (Lighthouse measured a 0.165 layout shift on a phone). The stand-in reaches past the bottom of
 * a phone's screen, so what replaces it moves nothing in view.
 */
function BoardsSkeleton() {
  return (
    <Loading className={styles.boardsLoading} label="Loading the leaderboards...">
      <SkeletonRows count={3} className={styles.boardSkeleton} />
    </Loading>
  );
}

function WeekColumn({
  board,
  boards,
  label,
  range,
}: {
  board: BoardKey;
  boards: Boards;
  label: string;
  range: string;
}) {
  const headingId = `board-${board}-${label.replace(/\W+/g, "-").toLowerCase()}`;
  const rows = rowsOf(board, boards);
  return (
    <div className={styles.week} role="group" aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.weekTitle}>
        {label} <span className={styles.weekRange}>{range}</span>
      </h3>
      {rows.length === 0 ? (
        <p className={styles.weekEmpty}>{BOARDS[board].empty}</p>
      ) : (
        <ol className={styles.rows}>
          {rows.map((row, index) => (
            <li key={row.key} className={styles.row}>
              <span className={styles.rank} aria-hidden="true">
                {index + 1}
              </span>
              {row.picture}
              <span className={styles.rowName}>{row.name}</span>
              <span className={styles.rowFigure}>{row.figure}</span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function IdeaPicture({ idea }: { idea: BoardIdea }) {
  return (
    <span className={styles.rowCover}>
      {idea.cover ? (
        <VideoThumb url={idea.cover.url} width={96} height={54} />
      ) : (
        <IdeaArtCover ideaId={idea._id} platform={idea.platform} />
      )}
    </span>
  );
}

function rowsOf(board: BoardKey, boards: Boards) {
  if (board === "creators")
    return boards.creators.map(({ creator, cents }) => ({
      key: creator._id,
      picture: <Avatar name={creator.name} url={creator.avatarUrl} size={36} />,
      name: <Link to={`/creators/${creator._id}`}>{creator.name}</Link>,
      figure: formatMoney(cents),
    }));
  const ideaRow = (idea: BoardIdea, figure: string) => ({
    key: idea._id,
    picture: <IdeaPicture idea={idea} />,
    name: (
      <>
        <Link to={`/expanded-proposal/${idea._id}`}>{idea.title}</Link>
        {idea.open ? null : <span className={styles.rowClosed}> · ended</span>}
      </>
    ),
    figure,
  });
  return board === "funded"
    ? boards.funded.map(({ idea, cents }) => ideaRow(idea, formatMoney(cents)))
    : boards.wanted.map(({ idea, votes }) => ideaRow(idea, votesText(votes)));
}
