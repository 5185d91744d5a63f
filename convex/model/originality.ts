// The originality checklist each submission carries (product rules "Submissions").
import { DURATION_TIERS } from "./labels";
import type { Duration } from "./validators";

export interface Checklist {
  /** The platform knows the video and it can be watched. */
  exists: boolean;
  /** Posted by the account the submitter connected. */
  ownedBySubmitter: boolean;
  /** Published after the idea was posted; null when the platform did not say. */
  publishedAfterIdea: boolean | null;
  /** Its length is one the idea allows; null when the platform did not say. */
  durationAllowed: boolean | null;
}

export function durationFits(durations: readonly Duration[], seconds: number): boolean {
  return durations.some(
    (d) => seconds >= DURATION_TIERS[d].minSeconds && seconds <= DURATION_TIERS[d].maxSeconds,
  );
}

/**
 * Platforms give publish times to the second (YouTube's `publishedAt`, TikTok's `create_time`),
 * so a moment is compared at that resolution: a video published in the same second as the idea
 * was posted counts as published after it.
 */
export const PLATFORM_TIME_RESOLUTION_MS = 1000;

const toPlatformResolution = (ms: number) =>
  Math.floor(ms / PLATFORM_TIME_RESOLUTION_MS) * PLATFORM_TIME_RESOLUTION_MS;

/** Whether a video published at `publishedAt` came after an idea posted at `postedAt` (ms). */
export const publishedAfter = (publishedAt: number, postedAt: number) =>
  toPlatformResolution(publishedAt) >= toPlatformResolution(postedAt);

export function checklistFor(
  video: { owned: boolean; publishedAt?: number; durationSeconds?: number },
  idea: { postedAt: number; durations: readonly Duration[] },
): Checklist {
  return {
    exists: true,
    ownedBySubmitter: video.owned,
    publishedAfterIdea:
      video.publishedAt === undefined ? null : publishedAfter(video.publishedAt, idea.postedAt),
    durationAllowed:
      video.durationSeconds === undefined
        ? null
        : durationFits(idea.durations, video.durationSeconds),
  };
}
