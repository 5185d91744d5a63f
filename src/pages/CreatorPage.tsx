// /creators/:creatorId: a creator as anyone may see them, like a channel — the channel's name
// and picture, their bio, wins, total earned (unless hidden) and win rate (CreatorHeader), the
// videos they submitted with where each stands, and the channel's uploads. A poster may invite
// them to an idea from here. Public data only.
import { Link, useParams } from "react-router-dom";
import { usePaginatedQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { Award } from "lucide-react";
import clsx from "clsx";
import { api } from "../../convex/_generated/api";
import { CREATOR_VIDEO_STATE_LABELS } from "../../convex/model/ideaPageKinds";
import NotFound from "../components/NotFound";
import QueryErrorBoundary from "../components/QueryErrorBoundary";
import { EmptyState } from "../components/ui/EmptyState";
import { Loading, Skeleton, SkeletonRows } from "../components/ui/Skeleton";
import { formatMoney } from "../lib/format";
import { useDocumentTitle } from "../lib/useDocumentTitle";
import styles from "./CreatorPage.module.css";
import connectedVideosStyles from "../features/creators/ConnectedVideos.module.css";
import VideoThumb from "../components/VideoThumb";
import { moduleClass } from "../lib/moduleClass";
import CreatorHeader from "../features/creators/CreatorHeader";
import InviteToIdea from "../features/creators/InviteToIdea";
import ChannelVideos from "../features/creators/ChannelVideos";
import FollowPersonButton from "../features/follows/FollowPersonButton";
import { useCurrentUser } from "../lib/session";
import { useQueryAfterFirstPaint } from "../lib/firstPaint";

type Profile = NonNullable<FunctionReturnType<typeof api.creators.profile>>;
type Video = FunctionReturnType<typeof api.creators.videos>["page"][number];

export const VIDEOS_PAGE = 12;
export const NO_VIDEOS = "No videos submitted yet.";
export { TOTALS_HIDDEN } from "../features/creators/CreatorHeader";

export default function CreatorPage() {
  const { creatorId = "" } = useParams();
  return (
    <div className={"container page creator-page"}>
      <QueryErrorBoundary fallback={<CreatorNotFound />}>
        <Creator creatorId={creatorId} />
      </QueryErrorBoundary>
    </div>
  );
}

function Creator({ creatorId }: { creatorId: string }) {
  // index.html's first script may have fetched it already, and shown the header.
  const profile = useQueryAfterFirstPaint(api.creators.profile, { creatorId });
  const { user } = useCurrentUser();
  useDocumentTitle(profile ? (profile.channelName ?? profile.displayName) : "Creator");
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
      <CreatorHeader
        profile={profile}
        actions={
          <>
            <FollowPersonButton personId={profile._id} name={profile.displayName} />
            {user && user._id !== profile._id ? (
              <InviteToIdea creatorId={profile._id} creatorName={profile.displayName} />
            ) : null}
          </>
        }
      />
      <CreatorVideos creatorId={profile._id} />
      <ChannelVideos creatorId={profile._id} />
    </>
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
          {" · "}
          {video.countedVotes} counted {video.countedVotes === 1 ? "vote" : "votes"}
        </p>
      </div>
      <p className={styles.creatorVideoState}>
        {video.finalist && video.state !== "won" && video.state !== "paid" ? (
          <span className={clsx("badge", styles.videoFinalist)}>
            <Award size={12} aria-hidden="true" /> Finalist
          </span>
        ) : null}
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
