// The creator page's "From the channel": the uploads of the creator's connected channels, newest
// first, as the platform lists them (Settings shows only three and links here).
import { usePaginatedQuery } from "convex/react";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { formatLongDate, videoTitle } from "../../lib/format";
import { safeHref } from "../../lib/safeHref";
import VideoThumb from "../../components/VideoThumb";
import styles from "./ChannelVideos.module.css";

export const CHANNEL_PAGE = 12;

export default function ChannelVideos({ creatorId }: { creatorId: Id<"users"> }) {
  const { results, status, loadMore } = usePaginatedQuery(
    api.creators.channelVideos,
    { creatorId },
    { initialNumItems: CHANNEL_PAGE },
  );
  if (status === "LoadingFirstPage" || results.length === 0) return null;
  return (
    <section className={styles.channel} aria-labelledby="channel-videos-heading">
      <h2 id="channel-videos-heading" className={styles.channelTitle}>
        From the channel
      </h2>
      <ul className={styles.channelGrid}>
        {results.map((video) => {
          const href = safeHref(video.url);
          const title = videoTitle(video.title);
          return (
            <li key={video._id} className={styles.channelVideo} data-testid="channel-video">
              <VideoThumb
                url={video.thumbnailUrl}
                width={320}
                height={180}
                className={styles.channelThumb}
                fallback="box"
              />
              {href ? (
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={styles.channelVideoTitle}
                >
                  {title}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              ) : (
                <span className={styles.channelVideoTitle}>{title}</span>
              )}
              <span className={styles.channelVideoMeta}>
                {video.platform}
                {video.publishedAt ? ` · ${formatLongDate(video.publishedAt)}` : ""}
              </span>
            </li>
          );
        })}
      </ul>
      {status === "CanLoadMore" || status === "LoadingMore" ? (
        <button
          type="button"
          className="btn btn-secondary"
          disabled={status === "LoadingMore"}
          onClick={() => loadMore(CHANNEL_PAGE)}
        >
          Show more from the channel
        </button>
      ) : null}
    </section>
  );
}
