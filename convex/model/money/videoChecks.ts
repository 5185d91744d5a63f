// A video must still exist on its platform to win or be paid (product rules "Eligible
// submissions"): looked up again when judging ends and before every transfer. A video deleted
// or made private cannot win; its awards not yet paid pass on (claims.ts videoGone).
import type { Doc } from "../../_generated/dataModel";
import { PlatformError } from "../platforms/http";
import { tiktokOEmbed } from "../platforms/tiktok";
import { lookUpYouTubeVideo } from "../platforms/youtube";

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
