// /creators/:creatorId: a creator as anyone may see them — name, avatar, connected channels,
// the videos they submitted with each one's state, and what they were paid in total (unless
// they hide it in Profile → Settings). Public data only.
import { Link, useParams } from "react-router-dom";
import { usePaginatedQuery, useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { ExternalLink } from "lucide-react";
import clsx from "clsx";
import { api } from "../../convex/_generated/api";
import { CREATOR_VIDEO_STATE_LABELS } from "../../convex/model/ideaPageKinds";
import Avatar from "../components/Avatar";
import NotFound from "../components/NotFound";
import QueryErrorBoundary from "../components/QueryErrorBoundary";
import { EmptyState } from "../components/ui/EmptyState";
import { Loading, Skeleton, SkeletonRows } from "../components/ui/Skeleton";
import { formatLongDate, formatMoney } from "../lib/format";
import { useDocumentTitle } from "../lib/useDocumentTitle";
import styles from "./CreatorPage.module.css";
import connectedVideosStyles from "../features/creators/ConnectedVideos.module.css";
import submissionCardStyles from "../features/creators/SubmissionCard.module.css";
import VideoThumb from "../components/VideoThumb";
import { moduleClass } from "../lib/moduleClass";
import FollowPersonButton from "../features/follows/FollowPersonButton";

type Profile = NonNullable<FunctionReturnType<typeof api.creators.profile>>;
type Video = FunctionReturnType<typeof api.creators.videos>["page"][number];

export const VIDEOS_PAGE = 12;
export const NO_VIDEOS = "No videos submitted yet.";
export const TOTALS_HIDDEN = "This creator keeps their totals private.";

export default function CreatorPage() {
  const { creatorId = "" } = useParams();
  return (
    <div className={`container page ${styles.creatorPage}`}>
      <QueryErrorBoundary fallback={<CreatorNotFound />}>
        <Creator creatorId={creatorId} />
      </QueryErrorBoundary>
    </div>
  );
}

function Creator({ creatorId }: { creatorId: string }) {
  const profile = useQuery(api.creators.profile, { creatorId });
  useDocumentTitle(profile ? profile.displayName : "Creator");
  if (profile === undefined)
    return (
      <Loading label="Loading the creator..." className="creator-page__loading">
        <Skeleton className={styles.creatorPageSkeletonHeader} />
        <SkeletonRows count={3} className={styles.creatorPageSkeletonRow} />
      </Loading>
    );
  if (profile === null) return <CreatorNotFound />;
  return (
    <>
      <CreatorHeader profile={profile} />
      <CreatorVideos creatorId={profile._id} />
    </>
  );
}

function CreatorHeader({ profile }: { profile: Profile }) {
  return (
    <header className={`card ${styles.creatorHeader}`} aria-labelledby="creator-name">
      <Avatar
        name={profile.displayName}
        url={profile.avatarUrl}
        size={88}
        className={styles.creatorHeaderAvatar}
      />
      <div className={styles.creatorHeaderText}>
        <p className="eyebrow">Creator</p>
        <h1 id="creator-name" className={styles.creatorHeaderName}>
          {profile.displayName}
        </h1>
        <p className={styles.creatorHeaderSince}>
          On Bounties since {formatLongDate(profile.memberSince)}
        </p>
        <FollowPersonButton personId={profile._id} name={profile.displayName} />
        {profile.channels.length > 0 ? (
          <ul className={styles.creatorChannels} aria-label="Connected channels">
            {profile.channels.map((c) => (
              <li key={c.platform}>
                <span
                  className={`badge ${moduleClass(submissionCardStyles, `platform-badge--${c.platform}`)}`}
                >
                  {c.platform}
                </span>{" "}
                {c.url ? (
                  <a href={c.url} target="_blank" rel="noopener noreferrer">
                    {c.name}
                    <ExternalLink size={12} aria-hidden="true" />
                    <span className="visually-hidden"> (opens in a new tab)</span>
                  </a>
                ) : (
                  c.name
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted creator-channels--none">No channel connected.</p>
        )}
      </div>
      <dl className={styles.creatorTotals}>
        {profile.totals ? (
          <>
            <div className={styles.creatorTotalsItem}>
              <dt>Paid in total</dt>
              <dd>{formatMoney(profile.totals.paidCents)}</dd>
            </div>
            <div className={styles.creatorTotalsItem}>
              <dt>Winning videos</dt>
              <dd>{profile.totals.wonVideos}</dd>
            </div>
          </>
        ) : (
          <div className={styles.creatorTotalsItem}>
            <dt className="visually-hidden">Totals</dt>
            <dd className={styles.creatorTotalsHidden}>{TOTALS_HIDDEN}</dd>
          </div>
        )}
      </dl>
    </header>
  );
}

function CreatorVideos({ creatorId }: { creatorId: Profile["_id"] }) {
  const { results, status, loadMore } = usePaginatedQuery(
    api.creators.videos,
    { creatorId },
    { initialNumItems: VIDEOS_PAGE },
  );
  return (
    <section
      className={connectedVideosStyles.creatorVideos}
      aria-labelledby="creator-videos-heading"
    >
      <h2 id="creator-videos-heading" className={connectedVideosStyles.creatorVideosTitle}>
        Submitted videos
      </h2>
      {status === "LoadingFirstPage" ? (
        <Loading label="Loading the videos..." className="creator-videos__loading">
          <SkeletonRows count={3} className={styles.creatorPageSkeletonRow} />
        </Loading>
      ) : results.length === 0 ? (
        <EmptyState text={NO_VIDEOS} />
      ) : (
        <ul className={connectedVideosStyles.creatorVideosList}>
          {results.map((video) => (
            <CreatorVideoItem key={video._id} video={video} />
          ))}
        </ul>
      )}
      {status === "CanLoadMore" ? (
        <button type="button" className="btn btn-secondary" onClick={() => loadMore(VIDEOS_PAGE)}>
          Show more videos
        </button>
      ) : null}
    </section>
  );
}

function CreatorVideoItem({ video }: { video: Video }) {
  return (
    <li className={`card ${connectedVideosStyles.creatorVideo}`} data-testid="creator-video">
      <VideoThumb
        url={video.thumbnailUrl}
        width={160}
        height={90}
        className={connectedVideosStyles.creatorVideoThumb}
        fallback="box"
      />
      <div className={connectedVideosStyles.creatorVideoText}>
        <a
          className={connectedVideosStyles.creatorVideoTitle}
          href={video.url}
          target="_blank"
          rel="noopener noreferrer"
        >
          {video.title || "Untitled Video"}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
        <p className={styles.creatorVideoIdea}>
          For <Link to={`/expanded-proposal/${video.ideaId}`}>{video.ideaTitle}</Link>
        </p>
      </div>
      <p className={styles.creatorVideoState}>
        <span
          className={clsx("badge", moduleClass(styles, `video-state--${video.state}`))}
          data-testid="video-state"
        >
          {CREATOR_VIDEO_STATE_LABELS[video.state]}
        </span>
        {video.wonCents !== null ? (
          <span className={styles.creatorVideoAmount}>{formatMoney(video.wonCents)}</span>
        ) : null}
      </p>
    </li>
  );
}

function CreatorNotFound() {
  useDocumentTitle("Creator not found");
  return (
    <NotFound title="Creator not found" actions={[{ to: "/ideas", label: "Browse open bounties" }]}>
      This link may be incomplete, or the account no longer exists.
    </NotFound>
  );
}
