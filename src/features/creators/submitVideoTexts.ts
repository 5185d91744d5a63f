import { DURATION_TIERS } from "../../../convex/model/labels";
import { DURATIONS, type Duration, type IdeaPlatform } from "../../../convex/model/validators";

export const PAYMENT_SETTINGS_PATH = "/profile?tab=settings";

/** 'Post your video on YouTube', '…TikTok', or '…YouTube or TikTok' for Any. */
export function requiredPlatformText(platform: IdeaPlatform): string {
  return `Post your video on ${platform === "Any" ? "YouTube or TikTok" : platform}`;
}

/** Every length the idea accepts (the idea page shows only the last one, as the spec says). */
export function lengthsText(durations: readonly Duration[]): string {
  const labels = DURATIONS.filter((d) => durations.includes(d)).map((d) => {
    const tier = DURATION_TIERS[d];
    return `${tier.label} (${tier.text.split(",")[0]})`;
  });
  if (labels.length === 0) return "Video can be any length";
  const last = labels.pop()!;
  return `Video length: ${labels.length > 0 ? `${labels.join(", ")} or ${last}` : last}`;
}
