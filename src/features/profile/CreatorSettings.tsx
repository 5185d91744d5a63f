import { useQuery } from "convex/react";
import { toast } from "../../lib/toast";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import QueryErrorBoundary from "../../components/QueryErrorBoundary";
import { Loading, SkeletonRows } from "../../components/ui/Skeleton";
import ConnectedVideos from "../creators/ConnectedVideos";
import PlatformConnection from "../creators/PlatformConnection";
import settingsTabStyles from "./SettingsTab.module.css";
import styles from "./CreatorSettings.module.css";

export { DESCRIPTION_MAX, NO_VIDEOS } from "../creators/ConnectedVideos";
export { STALE_SYNC_MS, formatSyncTime, startFailedMessage } from "../creators/PlatformConnection";

export const LOAD_VIDEOS_ERROR = "Failed to load videos";

/**
 * Profile → Settings → Creator Settings (spec §2, for every account type): connect YouTube and
 * TikTok (to prove that submitted videos are one's own), see when they were last read, sync or
 * disconnect them, and the latest videos found there (all of them on the creator page).
 * `folded`: for people who do not make videos yet, the card opens on a click.
 */
export default function CreatorSettings({
  userId,
  folded = false,
}: {
  userId: Id<"users">;
  folded?: boolean;
}) {
  const body = (
    <>
      <p className={settingsTabStyles.settingsCardText}>
        Connect the accounts you post on. We use them to prove that the videos you submit are yours;
        a video can be paid only once it is.
      </p>
      <QueryErrorBoundary
        fallback={
          <p className={`alert alert-danger ${styles.creatorSettingsError}`} role="alert">
            {LOAD_VIDEOS_ERROR}. Please reload the page to try again.
          </p>
        }
        onError={() => toast.error(LOAD_VIDEOS_ERROR, { id: "videos-load-error" })}
      >
        <CreatorSettingsContent userId={userId} />
      </QueryErrorBoundary>
    </>
  );
  if (folded)
    return (
      <details className={`card ${settingsTabStyles.settingsCard} ${styles.creatorSettingsFolded}`}>
        <summary className={styles.creatorSettingsSummary}>
          <h2 id="creator-heading" className={settingsTabStyles.settingsCardTitle}>
            Creator Settings
          </h2>
          <span className="muted">Make videos too? Connect your channel.</span>
        </summary>
        {body}
      </details>
    );
  return (
    <section className={`card ${settingsTabStyles.settingsCard}`} aria-labelledby="creator-heading">
      <h2 id="creator-heading" className={settingsTabStyles.settingsCardTitle}>
        Creator Settings
      </h2>
      {body}
    </section>
  );
}

function CreatorSettingsContent({ userId }: { userId: Id<"users"> }) {
  const platforms = useQuery(api.platforms.mine);
  if (platforms === undefined) {
    return (
      <Loading className={styles.creatorSettingsLoading} label="Loading your connected accounts...">
        <SkeletonRows count={2} className={styles.creatorSettingsSkeleton} />
      </Loading>
    );
  }
  if (platforms === null) return null;
  return (
    <>
      <ul className={styles.connections}>
        <PlatformConnection platform="YouTube" status={platforms.youtube} />
        <PlatformConnection platform="TikTok" status={platforms.tiktok} />
      </ul>
      <ConnectedVideos videos={platforms.videos} creatorPagePath={`/creators/${userId}`} />
    </>
  );
}
