import "../../styles/submissions.css";
import "../../styles/creator.css";
import { useQuery } from "convex/react";
import { toast } from "../../lib/toast";
import { api } from "../../../convex/_generated/api";
import QueryErrorBoundary from "../../components/QueryErrorBoundary";
import { Loading, SkeletonRows } from "../../components/ui/Skeleton";
import ConnectedVideos from "../creators/ConnectedVideos";
import PlatformConnection from "../creators/PlatformConnection";

export { DESCRIPTION_MAX, NO_VIDEOS } from "../creators/ConnectedVideos";
export { STALE_SYNC_MS, formatSyncTime, startFailedMessage } from "../creators/PlatformConnection";

export const LOAD_VIDEOS_ERROR = "Failed to load videos";

/**
 * Profile → Settings → Creator Settings: connect YouTube and TikTok (to prove that submitted
 * videos are one's own), see when they were last read, sync or disconnect them, and the videos
 * found there.
 */
export default function CreatorSettings() {
  return (
    <section className="card settings-card creator-settings" aria-labelledby="creator-heading">
      <h2 id="creator-heading" className="settings-card__title">
        Creator Settings
      </h2>
      <p className="settings-card__text">
        Connect the accounts you post on. We use them to prove that the videos you submit are yours;
        a video can be paid only once it is.
      </p>
      <QueryErrorBoundary
        fallback={
          <p className="alert alert-danger creator-settings__error" role="alert">
            {LOAD_VIDEOS_ERROR}. Please reload the page to try again.
          </p>
        }
        onError={() => toast.error(LOAD_VIDEOS_ERROR, { id: "videos-load-error" })}
      >
        <CreatorSettingsContent />
      </QueryErrorBoundary>
    </section>
  );
}

function CreatorSettingsContent() {
  const platforms = useQuery(api.platforms.mine);
  if (platforms === undefined) {
    return (
      <Loading className="creator-settings__loading" label="Loading your connected accounts...">
        <SkeletonRows count={2} className="creator-settings__skeleton" />
      </Loading>
    );
  }
  if (platforms === null) return null;
  return (
    <>
      <ul className="connections">
        <PlatformConnection platform="YouTube" status={platforms.youtube} />
        <PlatformConnection platform="TikTok" status={platforms.tiktok} />
      </ul>
      <ConnectedVideos videos={platforms.videos} />
    </>
  );
}
