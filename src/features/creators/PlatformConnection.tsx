import { useEffect, useRef, useState } from "react";
import { useAction, useMutation } from "convex/react";
import clsx from "clsx";
import { toast } from "../../lib/toast";
import { api } from "../../../convex/_generated/api";
import type { VideoPlatform } from "../../../convex/model/videoLinks";
import { convexErrorMessage } from "../../lib/errors";
import { goToExternal } from "../../lib/externalNavigation";
import { TOAST_IDS } from "../../lib/toasts";
import {
  PLATFORM_AUTH_MESSAGES,
  forgetReturnToSettings,
  rememberReturnToSettings,
} from "../../lib/platformAuth";
import type { Platforms } from "./platformTypes";
import styles from "./PlatformConnection.module.css";
import { moduleClass } from "../../lib/moduleClass";

/** A connection last read longer ago than this is read again when the settings open. */
export const STALE_SYNC_MS = 24 * 60 * 60 * 1000;

const PLATFORM_TEXT: Record<
  VideoPlatform,
  { connect: string; account: string; why: string; key: "youtube" | "tiktok" }
> = {
  YouTube: {
    connect: "Connect YouTube Channel",
    account: "YouTube channel",
    why: "Proves the YouTube videos you submit are yours.",
    key: "youtube",
  },
  TikTok: {
    connect: "Connect TikTok Account",
    account: "TikTok account",
    why: "Proves the TikTok videos you submit are yours.",
    key: "tiktok",
  },
};

/** "November 6, 2024 at 3:04 PM": US long date and time. */
export function formatSyncTime(ms: number): string {
  return new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeStyle: "short" }).format(ms);
}

/** The message when starting the authorization fails (spec §8). */
export function startFailedMessage(platform: VideoPlatform, error: unknown): string {
  if (platform === "YouTube") return PLATFORM_AUTH_MESSAGES.youtubeStartFailed;
  const reason =
    convexErrorMessage(error) ?? (error instanceof Error && error.message ? error.message : null);
  return `${PLATFORM_AUTH_MESSAGES.tiktokStartFailed}: ${reason ?? "Unknown error"}`;
}

/** One platform: connect it, or see when it was last read, sync it or disconnect it. */
export default function PlatformConnection({
  platform,
  status,
}: {
  platform: VideoPlatform;
  status: Platforms["youtube"];
}) {
  const text = PLATFORM_TEXT[platform];
  const startConnection = useAction(api.platforms.startConnection);
  const sync = useAction(api.platforms.sync);
  const disconnect = useMutation(api.platforms.disconnect);
  const [busy, setBusy] = useState<"connect" | "sync" | "disconnect" | null>(null);
  const headingId = `connection-${text.key}`;

  async function connect() {
    if (busy) return;
    setBusy("connect");
    rememberReturnToSettings();
    try {
      const result = await startConnection({ platform, returnToSettings: true });
      if (!result?.url) {
        forgetReturnToSettings();
        toast.error(PLATFORM_AUTH_MESSAGES.noUrl, { id: TOAST_IDS.connect(platform) });
        setBusy(null);
        return;
      }
      // The page is left for the platform's authorization; the button stays busy meanwhile.
      goToExternal(result.url);
    } catch (error) {
      forgetReturnToSettings();
      toast.error(startFailedMessage(platform, error), { id: TOAST_IDS.connect(platform) });
      setBusy(null);
    }
  }

  async function syncNow({ quietly = false } = {}) {
    if (busy) return;
    setBusy("sync");
    try {
      const { videoCount } = await sync({ platform });
      if (!quietly)
        toast.success(
          `${platform} synced: ${videoCount} ${videoCount === 1 ? "video" : "videos"} found`,
          { id: TOAST_IDS.sync(platform) },
        );
    } catch (error) {
      // A background refresh that fails leaves the list as it was; "Sync now" says why.
      if (!quietly)
        toast.error(convexErrorMessage(error) ?? `Failed to sync ${platform}`, {
          id: TOAST_IDS.sync(platform),
        });
    } finally {
      setBusy(null);
    }
  }

  // Videos posted since the last read show up without a click: a stale list is read again
  // once when the settings open.
  const refreshed = useRef(false);
  const stale =
    status.connected && status.lastSync !== null && Date.now() - status.lastSync > STALE_SYNC_MS;
  useEffect(() => {
    if (!stale || refreshed.current) return;
    refreshed.current = true;
    void syncNow({ quietly: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per mount, when stale
  }, [stale]);

  async function disconnectNow() {
    if (busy) return;
    const name = status.accountName ? ` (${status.accountName})` : "";
    const confirmed = window.confirm(
      `Disconnect your ${text.account}${name}? Its videos will be removed from your profile, and ` +
        `videos you submit from it can't be proven yours until you connect it again.`,
    );
    if (!confirmed) return;
    setBusy("disconnect");
    try {
      await disconnect({ platform });
      toast.success(`${platform} disconnected`, { id: TOAST_IDS.disconnect(platform) });
    } catch (error) {
      toast.error(convexErrorMessage(error) ?? `Failed to disconnect ${platform}`, {
        id: TOAST_IDS.disconnect(platform),
      });
    } finally {
      setBusy(null);
    }
  }

  return (
    <li className={styles.connection} data-testid="platform-connection">
      <div className={styles.connectionHead}>
        <span
          className={clsx(
            styles.connectionLogo,
            moduleClass(styles, `connection__logo--${text.key}`),
          )}
          aria-hidden="true"
        >
          {platform === "YouTube" ? "▶" : "♪"}
        </span>
        <div className={styles.connectionText}>
          <h3 id={headingId} className={styles.connectionTitle}>
            {platform}
          </h3>
          {status.connected ? (
            <>
              <p className={styles.connectionAccount}>
                <span className="badge badge-success">Connected</span>{" "}
                {status.accountName && <strong>{status.accountName}</strong>}
              </p>
              {status.lastSync !== null && (
                <p className={styles.connectionSync}>
                  Last synced: {formatSyncTime(status.lastSync)}
                </p>
              )}
            </>
          ) : (
            <p className={styles.connectionWhy}>{text.why}</p>
          )}
        </div>
      </div>
      <div className={styles.connectionActions}>
        {status.connected ? (
          <>
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              disabled={busy !== null}
              onClick={() => void syncNow()}
            >
              {busy === "sync" ? "Syncing…" : "Sync now"}
              <span className="visually-hidden"> ({platform})</span>
            </button>
            <button
              type="button"
              className={`btn btn-ghost btn-sm ${styles.connectionDisconnect}`}
              disabled={busy !== null}
              onClick={() => void disconnectNow()}
            >
              {busy === "disconnect" ? "Disconnecting…" : "Disconnect"}
              <span className="visually-hidden"> ({platform})</span>
            </button>
          </>
        ) : (
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy !== null}
            onClick={() => void connect()}
          >
            {busy === "connect" ? "Redirecting…" : text.connect}
          </button>
        )}
      </div>
    </li>
  );
}
