// Whether a submitted video is still on its platform (product rules "Eligible submissions"):
// asked when judging ends and before every transfer, from actions (convex/settlement.ts,
// convex/movements.ts); model/money/videoChecks.ts acts on the answer.
import type { Doc } from "../../_generated/dataModel";
import { PlatformError } from "./http";
import { tiktokOEmbed } from "./tiktok";
import { lookUpYouTubeVideo } from "./youtube";

/** True: the platform still shows it; false: gone (deleted, private); null: no answer now. */
export async function stillOnPlatform(
  video: Pick<Doc<"submissions">, "platform" | "videoId" | "url">,
): Promise<boolean | null> {
  try {
    if (video.platform === "YouTube") return (await lookUpYouTubeVideo(video.videoId)) !== null;
    return (await tiktokOEmbed(video.url)) !== null;
  } catch (e) {
    if (e instanceof PlatformError) {
      console.warn(`Could not look up ${video.platform} video ${video.videoId}: ${e.message}`);
      return null;
    }
    throw e;
  }
}
