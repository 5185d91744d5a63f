// Steps the money journeys share: the money box's totals, signing in in the browser, creators
// with a connected channel (and payouts on the Connect stand-in), videos, Stripe charges, and
// screenshots on demand.
import type { Page } from "@playwright/test";
import { makeFunctionReference } from "convex/server";
import { fn, newBackendPerson, standInsUrl, stripeState, type Backend } from "./backend.js";
import {
  connectYouTube,
  control,
  fundIdea,
  uploadYouTubeVideo,
} from "../../local/stack/scriptedFlows.js";

export const DAY = 24 * 3600 * 1000;
export const voteOnVideo = makeFunctionReference<"mutation">("submissions:vote");
const startOnboarding = makeFunctionReference<"action">("payouts:startOnboarding");

/** One total of the idea page's money box ("Paid out", "Refund failed", …). */
export const ledgerTotal = (page: Page, label: string) =>
  page
    .getByTestId("ledger-total")
    .filter({ has: page.locator("dt", { hasText: label }) })
    .locator("dd");

/** A creator with a connected channel; optionally with payouts set up on the Connect stand-in. */
export async function creator(name: string, payouts: boolean): Promise<Backend> {
  const who = await newBackendPerson(name, "Creator");
  await connectYouTube(who.client, who.person);
  if (payouts) {
    await who.client.action(startOnboarding, {});
    const account = (await stripeState()).accounts.find((a) => a.email === who.person.email)!;
    await control(standInsUrl(), `/__control/stripe/accounts/${account.id}/complete`, {});
  }
  return who;
}

/** Uploads a video to the creator's channel and submits it; its submission and YouTube ids. */
export async function submitVideo(who: Backend, ideaId: string, title: string) {
  const url = await uploadYouTubeVideo(standInsUrl(), who.person.email, {
    title,
    durationSeconds: 120,
  });
  const id = (await who.client.action(fn.submitVideo, { ideaId: ideaId, link: url })) as string;
  return { id, videoId: new URL(url).searchParams.get("v")! };
}

/**
 * The set-up of an idea whose first video leads: `leading`'s video and `other`'s, `voter`'s vote
 * for the first (it counts only if their account is older than the idea), and `backer`'s
 * contribution of `cents`. The leading video's submission and YouTube ids.
 */
export async function leadingVideoAndABacker(
  ideaId: string,
  people: { leading: Backend; other: Backend; voter: Backend; backer: Backend },
  titles: { leading: string; other: string },
  cents: number,
) {
  const leading = await submitVideo(people.leading, ideaId, titles.leading);
  await submitVideo(people.other, ideaId, titles.other);
  await people.voter.client.mutation(voteOnVideo, { submissionId: leading.id, vote: 1 });
  const { name, email } = people.backer.person;
  await fundIdea(people.backer.client, standInsUrl(), ideaId, cents, { name, email });
  return leading;
}

/** The charge of a checkout session, once Stripe has it. */
export async function chargeOfSession(sessionId: string) {
  const state = await stripeState();
  const intent = state.sessions.find((s) => s.id === sessionId)!.payment_intent;
  return state.charges.find((c) => c.payment_intent === intent)!;
}
