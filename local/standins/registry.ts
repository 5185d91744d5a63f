// The stand-ins the local stack runs. Each outside service the product talks to gets one here;
// those that share accounts (Google sign-in and the YouTube API) are wired together.
import type { StandIn, StandInContext } from "./framework.js";
import { resendStandIn } from "./resend.js";
import { signInStandIn } from "./signIn.js";
import { stripeStandIn } from "./stripe.js";
import { tiktokStandIn } from "./tiktok.js";
import { youtubeStandIn } from "./youtube.js";

export type StandInOptions = StandInContext & { dataDir: string };

export function createStandIns(options: StandInOptions): StandIn[] {
  const signIn = signInStandIn(options);
  const youtube = youtubeStandIn({ ...options, googleAccountFor: signIn.googleAccountFor });
  const tiktok = tiktokStandIn(options);
  const stripe = stripeStandIn(options);
  const resend = resendStandIn(options);
  return [signIn, youtube, tiktok, stripe, resend];
}
