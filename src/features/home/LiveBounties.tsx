// The home's first row after the hero: the covers of live bounties — the leading video's
// thumbnail, or the idea's own cover while it has none — each with its title, bounty and time
// left, a tap from the idea. The biggest open bounties first; live like every list.
import { Link } from "react-router-dom";
import { useQuery } from "convex/react";
import { api } from "../../../convex/_generated/api";
import { expiryLabel, formatMoney } from "../../lib/format";
import { useNow } from "../../lib/useNow";
import VideoThumb from "../../components/VideoThumb";
import { Skeleton } from "../../components/ui/Skeleton";
import { coverVideoOf, IdeaArtCover } from "../ideas/IdeaCardVideos";
import type { IdeaListItem } from "../ideas/IdeaCard";
import styles from "./LiveBounties.module.css";

/** How many covers the row shows (two rows of four on a wide screen). */
export const LIVE_BOUNTIES_COUNT = 8;

export default function LiveBounties() {
  const result = useQuery(api.ideas.list, {
    view: "open",
    sort: "payout",
    paginationOpts: { numItems: LIVE_BOUNTIES_COUNT, cursor: null },
  });
  const ideas = result?.page.filter((idea) => idea.ending.kind === "open");
  if (ideas !== undefined && ideas.length === 0) return null;
  return (
    <section className={styles.live} aria-labelledby="home-live-title">
      <div className="container">
        <div className={styles.liveHeader}>
          <h2 id="home-live-title" className={styles.liveTitle}>
            Live bounties
          </h2>
          <Link to="/leaderboard" className={styles.liveLink}>
            This week&rsquo;s leaderboards
          </Link>
        </div>
        {ideas === undefined ? (
          <ul className={styles.liveRow} aria-hidden="true">
            {Array.from({ length: 4 }, (_, i) => (
              <li key={i} className={styles.liveTile}>
                <Skeleton className={styles.liveSkeleton} />
              </li>
            ))}
          </ul>
        ) : (
          <ul className={styles.liveRow}>
            {ideas.map((idea) => (
              <LiveTile key={idea._id} idea={idea} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function LiveTile({ idea }: { idea: IdeaListItem }) {
  const now = useNow();
  const cover = coverVideoOf(idea.videos);
  return (
    <li className={styles.liveTile}>
      <Link to={`/expanded-proposal/${idea._id}`} className={styles.liveTileLink}>
        <span className={styles.liveCover}>
          {cover ? (
            <VideoThumb url={cover.thumbnailUrl} width={320} height={180} />
          ) : (
            <IdeaArtCover ideaId={idea._id} platform={idea.platform} />
          )}
        </span>
        <span className={styles.liveTileTitle}>{idea.title}</span>
        <span className={styles.liveTileFacts}>
          <strong>{formatMoney(idea.bountyCents)}</strong>
          <span aria-hidden="true"> · </span>
          <span className="visually-hidden">, </span>
          {expiryLabel(idea.expiration, now)}
        </span>
      </Link>
    </li>
  );
}
