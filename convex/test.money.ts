// Shared steps for the money suites: ideas, paid contributions, videos, settlement and the
// reconciler, all through the real functions, the Stripe stand-in (in memory) and the
// platform fakes.
import { vi } from "vitest";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { as, createUser, newBackend, type Backend } from "./test.setup";
import { connectAccount, mockPlatforms, type FakePlatforms } from "./test.platforms";
import { mockStripe, type StripeHarness } from "./test.stripe";
import { dueTimerCount, realTurn } from "./test.timers";

export const DAY = 24 * 3600 * 1000;

export interface MoneyWorld {
  t: Backend;
  stripe: StripeHarness;
  platforms: FakePlatforms;
}

/** A backend with the platform fakes and the Stripe stand-in; the clock is movable (Date only). */
export function moneyWorld(): MoneyWorld {
  vi.useFakeTimers({ now: Date.now(), toFake: ["Date"] });
  const t = newBackend();
  const platforms = mockPlatforms();
  const stripe = mockStripe(t);
  return { t, stripe, platforms };
}

export function cleanUp() {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.useRealTimers();
}

/** Moves the clock (Date) to `ms`. */
export const setNow = (ms: number) => vi.setSystemTime(ms);

/**
 * Runs what is scheduled to run now (movements, follow-ups), not what waits for later: until no
 * function runs and no job due now waits on its timer.
 */
export async function runScheduled(t: Backend) {
  for (let turn = 0; turn < 1000; turn++) {
    await t.finishInProgressScheduledFunctions();
    if (dueTimerCount() === 0) {
      // A job scheduled by the last function may be armed on the next turn.
      await realTurn();
      if (dueTimerCount() === 0) return;
    }
    await realTurn();
  }
  throw new Error("runScheduled: scheduled functions kept scheduling more for 1,000 turns");
}

export async function newIdea(w: MoneyWorld, days = 5) {
  const author = await createUser(w.t);
  const ideaId = await as(w.t, author).mutation(api.ideas.create, {
    oneLiner: "Bridges of Lisbon",
    platform: "YouTube",
    durations: ["MEDIUM"],
    expiration: Date.now() + days * DAY,
    links: [],
  });
  return { ideaId, author };
}

/** A contribution paid through Checkout, its webhook delivered (unless told not to). */
export async function paid(
  w: MoneyWorld,
  ideaId: Id<"proposals">,
  who: Id<"users"> | null,
  amountCents = 500,
  options: { deliver?: boolean } = {},
) {
  const caller = who ? as(w.t, who) : w.t;
  const { url, contributionId } = await caller.action(api.contributions.startCheckout, {
    ideaId,
    amountCents,
  });
  const sessionId = url.split("/").pop()!;
  w.stripe.pay(sessionId, "paid");
  if (options.deliver !== false) await w.stripe.deliver();
  return { sessionId, contributionId };
}

/** A YouTube video published now by the creator's channel, submitted to the idea. */
export async function submitVideo(
  w: MoneyWorld,
  ideaId: Id<"proposals">,
  creator: Id<"users">,
  videoId: string,
  fields: { seconds?: number; publishedAt?: number; channelId?: string } = {},
) {
  w.platforms.youtube.push({
    id: videoId,
    channelId: fields.channelId ?? `UC${creator}`,
    title: `Video ${videoId}`,
    seconds: fields.seconds ?? 600,
    publishedAt: fields.publishedAt ?? Date.now() + 1000,
  });
  return await as(w.t, creator).action(api.submissions.submit, {
    ideaId,
    link: `https://youtu.be/${videoId}`,
  });
}

export const connectYouTube = (w: MoneyWorld, creator: Id<"users">) =>
  connectAccount(w.t, w.platforms, creator, { channelId: `UC${creator}` });

/** The creator's Connect account at the stand-in (created with their user id in metadata). */
export const accountOf = (w: MoneyWorld, creator: Id<"users">) =>
  Object.values(w.stripe.state.accounts).find((a) => a.metadata?.userId === creator)!.id;

/** The creator opens a payout account and Stripe makes it ready (a Connect event). */
export async function payoutsReady(w: MoneyWorld, creator: Id<"users">, deliver = true) {
  await as(w.t, creator).action(api.payouts.startOnboarding, {});
  const accountId = accountOf(w, creator);
  w.stripe.completeOnboarding(accountId);
  if (deliver) await w.stripe.deliver();
  return accountId;
}

/** A creator who connected their channel and set up payouts: payable. */
export async function payableCreator(w: MoneyWorld) {
  const creator = await createUser(w.t);
  await connectYouTube(w, creator);
  await payoutsReady(w, creator);
  return creator;
}

/** Moves the clock to the end of judging and runs settlement (and what it scheduled). */
export async function settle(w: MoneyWorld, ideaId: Id<"proposals">) {
  const idea = (await w.t.query(api.ideas.get, { ideaId }))!;
  setNow(idea.expiration + 7 * DAY + 1000);
  await w.t.mutation(internal.ideas.close, { ideaId });
  await w.t.action(internal.settlement.start, { ideaId });
  await runScheduled(w.t);
}

/** Every planned movement gets an attempt now, as the reconciler's sweep would. */
export async function sweepMovements(w: MoneyWorld) {
  await w.t.action(internal.movements.sweep, {});
  await runScheduled(w.t);
}

export const docs = <T extends "moneyMovements" | "awards" | "contributions" | "ledgerEntries">(
  w: MoneyWorld,
  table: T,
) => w.t.run((ctx) => ctx.db.query(table).collect());

export const ideaOf = (w: MoneyWorld, ideaId: Id<"proposals">) =>
  w.t.run((ctx) => ctx.db.get("proposals", ideaId));

/** The Stripe charge of a Checkout Session's payment. */
export const chargeOfSession = (w: MoneyWorld, sessionId: string) => {
  const intent = w.stripe.state.sessions[sessionId]!.payment_intent as string;
  return w.stripe.state.paymentIntents[intent]!.latest_charge as string;
};

/** The contribution's fate as its contributor sees it on the confirmation page. */
export async function fateOfSession(w: MoneyWorld, sessionId: string) {
  const c = await w.t.run((ctx) =>
    ctx.db
      .query("contributions")
      .withIndex("by_session", (q) => q.eq("checkoutSessionId", sessionId))
      .unique(),
  );
  const viewer = c?.contributorId ? as(w.t, c.contributorId) : w.t;
  const details = await viewer.query(api.contributions.bySession, { sessionId });
  return details!.fate.map((p) => [p.state, p.amountCents]);
}
