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

export function checklistFor(
  video: { owned: boolean; publishedAt?: number; durationSeconds?: number },
  idea: { postedAt: number; durations: readonly Duration[] },
): Checklist {
  return {
    exists: true,
    ownedBySubmitter: video.owned,
    publishedAfterIdea: video.publishedAt === undefined ? null : video.publishedAt >= idea.postedAt,
    durationAllowed:
      video.durationSeconds === undefined
        ? null
        : durationFits(idea.durations, video.durationSeconds),
  };
}
