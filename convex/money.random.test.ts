// Model-based, randomised: seeded sequences of what Stripe, people, platforms and the network
// can do — signed webhooks duplicated, reordered and re-sent under new ids, the confirmation
// page's lookup, picks, preference changes, late bank payments, refunds before and after the
// award, refunds that fail and their redo from the Dashboard, disputes won and lost (some
// closing while a reversal is retried, reversals refused after the creator withdrew), videos
// deleted before judging ends, votes at the judging boundary, a contributor whose own video
// leads, payout accounts set up early, late or never, and injected Stripe faults — through
// settlement, claim windows and the reconciler. After each sequence the app is checked against
// the Stripe stand-in's own books and against every screen (test.moneyChecks.ts).
// MONEY_SEQUENCES=5000 runs more; MONEY_SEED=n replays one sequence.
import { afterAll, afterEach, expect, test } from "vitest";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { as, createUser } from "./test.setup";
import {
  accountOf,
  cleanUp,
  connectYouTube,
  DAY,
  moneyWorld,
  payoutsReady,
  runScheduled,
  setNow,
  sweepMovements,
  type MoneyWorld,
} from "./test.money";
import {
  checkAgainstBooks,
  checkBoards,
  checkHeld,
  checkLedger,
  checkPlannedOnce,
  checkScreens,
  recordsOf,
  RefundModel,
} from "./test.moneyChecks";
import { judgingEndsAt } from "./model/labels";

const SEQUENCES = Number(process.env.MONEY_SEQUENCES ?? 1000);
const PER_WORLD = 25;

afterEach(cleanUp);

/** How often the sequences reached each case (MONEY_STATS=1 prints them). */
const reached = {
  failedRefundsRedone: 0,
  reversalsRefused: 0,
  disputesClosedWhileReversing: 0,
  videosDeleted: 0,
  boundaryVotesCounted: 0,
  ownVideoLed: 0,
  expectedPayoutsCompared: 0,
};
afterAll(() => {
  if (process.env.MONEY_STATS) console.log("money sequences reached:", reached);
});

/** mulberry32: a small seeded generator, so a failing sequence can be replayed by its seed. */
export function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface People {
  /**
   * Older than every idea and over 7 days old when they vote: their votes count. The first is a
   * creator too (payable).
   */
  donors: Id<"users">[];
  /** Connected and payable from the start. */
  payable: Id<"users">;
  /** Connected; sets up payouts late (or never), by the sequence's choice. */
  late: Id<"users">;
  lateAccount: string | null;
  /** Never proves ownership, never sets up payouts. */
  never: Id<"users">;
  admin: Id<"users">;
}

async function people(w: MoneyWorld): Promise<People> {
  const donors = [await createUser(w.t), await createUser(w.t), await createUser(w.t)];
  // The vote that counts: made before the idea and 7 days old when cast (product rules "Votes").
  setNow(Date.now() + 8 * DAY);
  await connectYouTube(w, donors[0]!);
  await payoutsReady(w, donors[0]!);
  const payable = await createUser(w.t);
  await connectYouTube(w, payable);
  await payoutsReady(w, payable);
  const late = await createUser(w.t);
  await connectYouTube(w, late);
  const never = await createUser(w.t);
  const admin = await createUser(w.t);
  await w.t.run((ctx) => ctx.db.patch("users", admin, { role: "admin" }));
  return { donors, payable, late, lateAccount: null, never, admin };
}

const FAULTS = ["error_500", "rate_limit_429", "timeout", "lost_response"] as const;

async function runSequence(w: MoneyWorld, p: People, seed: number) {
  const rand = random(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(rand() * items.length)]!;
  const chance = (x: number) => rand() < x;
  const { t, stripe } = w;
  const model = new RefundModel(w);
  // Each step a little later than the last: Stripe dates refunds and failures by the second.
  const tick = () => setNow(Date.now() + 2000);
  const at = `seed ${seed}`;
  const start = Date.now();
  const expiration = start + DAY;
  const ideaId = await as(t, p.donors[1]!).mutation(api.ideas.create, {
    oneLiner: `Sequence ${seed}`,
    platform: "YouTube",
    durations: ["MEDIUM"],
    expiration,
    links: [],
  });
  const sessions: string[] = [];
  const submissions: { id: Id<"submissions">; videoId: string; author: Id<"users"> }[] = [];
  /** Videos made too short for the idea, or deleted (the model's own word, not the app's). */
  const cannotWin = new Set<Id<"submissions">>();
  let deleted = false;

  const contribute = async () => {
    const donor = chance(0.25) ? null : pick(p.donors);
    const { url } = await (donor ? as(t, donor) : t).action(api.contributions.startCheckout, {
      ideaId,
      amountCents: 100 + Math.floor(rand() * 4900),
    });
    const sessionId = url.split("/").pop()!;
    sessions.push(sessionId);
    stripe.pay(sessionId, pick(["paid", "paid", "async_pending", "declined"] as const));
    tick();
  };
  const deliverSome = async () => {
    if (chance(0.7)) await stripe.deliverShuffled(rand, { duplicateRate: 0.3, newIdRate: 0.2 });
  };
  const charges = () =>
    Object.values(stripe.state.charges).filter(
      (c) =>
        c.status === "succeeded" &&
        sessions.some((s) => {
          const intent = stripe.state.sessions[s]?.payment_intent;
          return intent && c.payment_intent === intent;
        }),
    );
  const refundable = () => charges().filter((c) => !c.disputed && c.amount > c.amount_refunded);
  const dashboardRefund = () => {
    const charge = refundable()[0];
    if (!charge) return;
    const left = charge.amount - charge.amount_refunded;
    model.dashboard(charge.id, chance(0.5) ? left : Math.max(1, Math.floor(left / 2)));
    tick();
  };
  /** A dispute of the whole payment, or (a partial dispute) of part of it. */
  const dispute = (charge: { id: string; amount: number; amount_refunded: number }) => {
    const left = charge.amount - charge.amount_refunded;
    stripe.openDispute(charge.id, chance(0.5) ? left : Math.max(1, Math.floor(left * rand())));
    tick();
  };
  const openDispute = () => {
    const charge = pick([...refundable(), null]);
    if (charge) dispute(charge);
  };
  /** A dispute on a payment whose money was transferred: the transfer must be reversed. */
  const disputeTransferred = () => {
    const paidOut = new Set(
      stripe
        .books()
        .charges.filter((c) => c.transferred > 0)
        .map((c) => c.id),
    );
    const charge = refundable().find((c) => paidOut.has(c.id));
    if (charge) dispute(charge);
  };
  const closeDisputes = async () => {
    const reversing = await t.run(async (ctx) =>
      (await ctx.db.query("moneyMovements").collect()).some(
        (m) => m.ideaId === ideaId && m.kind === "reversal" && m.state === "planned",
      ),
    );
    for (const d of Object.values(stripe.state.disputes ?? {}))
      if (d.status === "needs_response") {
        stripe.closeDispute(d.id, chance(0.5) ? "won" : "lost");
        if (reversing) reached.disputesClosedWhileReversing++;
      }
    tick();
  };
  const failRefunds = () => {
    for (const r of Object.values(stripe.state.refunds))
      if (r.status === "succeeded" && chance(0.4) && charges().some((c) => c.id === r.charge)) {
        model.fail(r.id);
        tick();
      }
  };
  /** The operator redoes failed refunds from the Dashboard (the normal fix). */
  const redoFailed = () => {
    for (const c of charges()) {
      const owed = model.outstanding.get(c.id) ?? 0;
      const left = c.amount - c.amount_refunded;
      if (owed > 0 && left > 0 && !c.disputed && chance(0.7)) {
        model.dashboard(c.id, Math.min(owed, left));
        tick();
      }
    }
  };
  const fault = () => {
    if (chance(0.35))
      stripe.failNext(1 + Math.floor(rand() * 2), pick(FAULTS), {
        path: pick(["/v1/refunds", "/v1/transfers"]),
      });
  };
  const settleBankTransfer = (sessionId: string, outcome: "succeeded" | "failed") => {
    const session = stripe.state.sessions[sessionId]!;
    if (session.status === "complete" && session.payment_status === "unpaid") {
      try {
        stripe.settleAsync(sessionId, outcome);
      } catch {
        // Already failed: nothing in flight.
      }
    }
  };
  const video = async (creator: Id<"users">, eligible: boolean) => {
    const videoId = `v${seed}x${submissions.length}`.padEnd(11, "0");
    w.platforms.youtube.push({
      id: videoId,
      channelId: `UC${creator}`,
      title: videoId,
      seconds: eligible ? 600 : 30,
      publishedAt: Date.now() + 1000,
    });
    const id = await as(t, creator).action(api.submissions.submit, {
      ideaId,
      link: `https://youtu.be/${videoId}`,
    });
    submissions.push({ id, videoId, author: creator });
    if (!eligible) cannotWin.add(id);
  };
  const vote = (who: Id<"users">, submissionId: Id<"submissions">, value: 1 | -1 | 0) =>
    as(t, who).mutation(api.submissions.vote, { submissionId, vote: value });

  // Before the deadline.
  for (let i = 0, n = 1 + Math.floor(rand() * 4); i < n; i++) await contribute();
  await deliverSome();
  if (chance(0.3) && sessions.length) {
    const mine = await t.run((ctx) =>
      ctx.db
        .query("contributions")
        .withIndex("by_session", (q) => q.eq("checkoutSessionId", sessions[0]!))
        .unique(),
    );
    if (mine?.contributorId && mine.status === "paid")
      await as(t, mine.contributorId).mutation(api.contributions.setPayoutPreference, {
        sessionId: sessions[0]!,
        preference: "peoples_choice",
      });
  }
  for (const creator of [p.payable, p.late, p.never])
    if (chance(0.6)) await video(creator, chance(0.8));
  // A contributor's own video, sometimes the people's favourite.
  const own = chance(0.4);
  if (own) await video(p.donors[0]!, true);
  for (const s of submissions)
    if (chance(0.5)) await vote(pick(p.donors), s.id, pick([1, -1] as const)).catch(() => null);
  if (own) {
    const ownVideo = submissions[submissions.length - 1]!.id;
    for (const donor of p.donors.slice(1)) if (chance(0.8)) await vote(donor, ownVideo, 1);
  }
  // Qualified voters change their minds: flip or clear.
  for (const s of submissions)
    if (chance(0.3)) await vote(pick(p.donors), s.id, pick([1, -1, 0] as const)).catch(() => null);
  for (const donor of p.donors)
    if (submissions.length && chance(0.4))
      await as(t, donor)
        .mutation(api.contributions.pickWinner, { submissionId: pick(submissions).id })
        .catch(() => null); // not a contributor, own video or ineligible: refused, nothing changes
  if (chance(0.3)) await contribute();
  if (chance(0.3)) dashboardRefund();
  if (chance(0.2)) openDispute();
  if (chance(0.2)) failRefunds();
  if (chance(0.5)) redoFailed();
  await deliverSome();
  if (sessions.length) await t.action(api.contributions.reconcile, { sessionId: pick(sessions) });

  // The deadline: an idea no video can win is refunded now, not at the end of judging.
  setNow(expiration + 1000);
  await t.mutation(internal.ideas.close, { ideaId });
  await runScheduled(t);
  const canWin = submissions.filter((s) => !cannotWin.has(s.id));
  if (canWin.length === 0)
    expect((await t.run((ctx) => ctx.db.get("proposals", ideaId)))!.status).toBe("settled");

  // During judging some videos are deleted from YouTube.
  for (const s of canWin)
    if (chance(0.2)) {
      w.platforms.youtube.splice(
        w.platforms.youtube.findIndex((v) => v.id === s.videoId),
        1,
      );
      cannotWin.add(s.id);
      deleted = true;
      reached.videosDeleted++;
    }
  // Votes at the boundary: a moment before the end of judging they count; at it, they are refused.
  const end = judgingEndsAt(expiration);
  if (submissions.length) {
    const s = pick(submissions);
    const voter = pick(p.donors.filter((d) => d !== s.author));
    setNow(end - 1);
    const before = await counted(w, s.id);
    const cast = await vote(voter, s.id, 1).then(
      () => true,
      () => false,
    );
    setNow(end);
    const counts = await counted(w, s.id);
    await expect(vote(voter, s.id, -1), `${at}: a vote when judging ended`).rejects.toThrow(
      "closed",
    );
    expect(await counted(w, s.id), `${at}: a refused vote changed the count`).toEqual(counts);
    if (!cast) expect(counts).toEqual(before);
    else if (counts?.countedVotes !== before?.countedVotes) reached.boundaryVotesCounted++;
  }
  // What each video's author is told it would receive if settlement ran now…
  const expected = new Map<Id<"submissions">, number>();
  for (const s of submissions) {
    const figures = await as(t, s.author).query(api.contributions.payoutForSubmission, {
      submissionId: s.id,
    });
    expected.set(s.id, figures?.expectedCents ?? 0);
  }
  const paidAtJudging = new Set(
    (await recordsOf(w, ideaId)).contributions
      .filter((c) => c.status === "paid" && !c.settled)
      .map((c) => c._id),
  );

  // Judging ends: settlement, with faults and late events around it.
  setNow(end + 1000);
  fault();
  await t.action(internal.settlement.start, { ideaId });
  await runScheduled(t);
  const judged = (await recordsOf(w, ideaId)).idea;
  if (own && judged.peoplesChoiceId === submissions[submissions.length - 1]!.id)
    reached.ownVideoLed++;
  // …is what settlement gave it, unless the platform took the video down meanwhile.
  if (!deleted) {
    if ([...expected.values()].some((cents) => cents > 0)) reached.expectedPayoutsCompared++;
    const first = new Map<Id<"contributions">, { submissionId: string; amountCents: number }>();
    for (const a of (await recordsOf(w, ideaId)).awards.sort(
      (x, y) => x._creationTime - y._creationTime,
    ))
      if (paidAtJudging.has(a.contributionId) && !first.has(a.contributionId))
        first.set(a.contributionId, a);
    for (const s of submissions) {
      const awarded = [...first.values()]
        .filter((a) => a.submissionId === s.id)
        .reduce((sum, a) => sum + a.amountCents, 0);
      expect(awarded, `${at}: Expected Payout said ${expected.get(s.id)}`).toBe(expected.get(s.id));
    }
  }
  for (const s of sessions)
    if (chance(0.5)) settleBankTransfer(s, chance(0.7) ? "succeeded" : "failed");
  await deliverSome();
  if (chance(0.3)) dashboardRefund();
  fault();
  await deliverSome();
  await runScheduled(t);
  // A creator withdraws what they were paid, then a dispute wants it back: the reversal is
  // refused and retried; sometimes the dispute closes while it is.
  if (chance(0.4)) stripe.withdraw(accountOf(w, pick([p.payable, p.donors[0]!])));
  if (chance(0.5)) disputeTransferred();
  else if (chance(0.3)) openDispute();
  await stripe.deliver();
  await runScheduled(t);
  if (chance(0.6)) await reconcilerRounds(w, 1 + Math.floor(rand() * 3));
  // Midway, with disputes open and movements under way, every screen still tells the truth.
  const midway = await recordsOf(w, ideaId);
  await checkHeld(w, p.admin, midway, Date.now(), `${at} (midway)`, true);
  await checkScreens(w, p.admin, midway, `${at} (midway)`);
  if (chance(0.5) && p.lateAccount === null) p.lateAccount = await payoutsReady(w, p.late);
  await closeDisputes();
  await stripe.deliver();
  await runScheduled(t);
  if (chance(0.4)) failRefunds();
  await stripe.deliver();
  await runScheduled(t);
  if (chance(0.6)) redoFailed();

  // The claim window ends; everything is delivered and the reconciler runs until quiet.
  for (const s of sessions) settleBankTransfer(s, "succeeded");
  setNow(end + 31 * DAY);
  await stripe.deliver();
  await runScheduled(t);
  await t.mutation(internal.settlement.expireClaims, {});
  await runScheduled(t);
  await reconcilerRounds(w, 16);
  stripe.clearFaults();

  reached.failedRefundsRedone += model.redone;
  const r = await recordsOf(w, ideaId);
  checkAgainstBooks(w, r, sessions, model, at);
  await checkHeld(w, p.admin, r, Date.now(), at);
  checkPlannedOnce(r, at);
  checkLedger(w, r, sessions, { neverPaid: p.never, tooShort: cannotWin }, at);
  await checkScreens(w, p.admin, r, at);
  await checkBoards(w, r, at);
}

/** A video's counted and all votes. */
const counted = (w: MoneyWorld, submissionId: Id<"submissions">) =>
  w.t.query(api.submissions.voteBreakdown, { submissionId });

/** The reconciler runs (each round past every backoff) until nothing is left to do. */
async function reconcilerRounds(w: MoneyWorld, rounds: number) {
  for (let round = 0; round < rounds; round++) {
    const busy = await w.t.run(async (ctx) => {
      for (const state of ["planned", "sent"] as const) {
        const m = await ctx.db
          .query("moneyMovements")
          .withIndex("by_state_next", (q) => q.eq("state", state))
          .first();
        if (m) return true;
      }
      return false;
    });
    if (!busy && w.stripe.pendingEvents().length === 0) return;
    setNow(Date.now() + 7 * 3600 * 1000);
    await sweepMovements(w);
    await w.stripe.deliver();
    await runScheduled(w.t);
  }
}

const ONLY = process.env.MONEY_SEED ? Number(process.env.MONEY_SEED) : null;
const worlds = ONLY !== null ? 1 : Math.ceil(SEQUENCES / PER_WORLD);
test.each(Array.from({ length: worlds }, (_, i) => i))(
  `money always ends: ${SEQUENCES} random sequences, checked against Stripe's books and every screen (world %i)`,
  async (world) => {
    const w = moneyWorld();
    const p = await people(w);
    if (ONLY !== null) {
      // Replays the sequences of ONLY's world up to it: a world's people carry over.
      for (let seed = 1 + Math.floor((ONLY - 1) / PER_WORLD) * PER_WORLD; seed <= ONLY; seed++)
        await runSequence(w, p, seed);
      return;
    }
    for (let i = 0; i < PER_WORLD && world * PER_WORLD + i < SEQUENCES; i++)
      await runSequence(w, p, 1 + world * PER_WORLD + i);
    reached.reversalsRefused += w.stripe.requests.filter(
      (q) => q.path.endsWith("/reversals") && q.status === 400,
    ).length;
  },
  600_000,
);

test("more than 50 awards frozen past their claim deadline never hide one that is due", async () => {
  const rand = random(Number(process.env.MONEY_SEED ?? 50));
  const w = moneyWorld();
  const p = await people(w);
  const { t, stripe } = w;
  const model = new RefundModel(w);
  const frozen = 51 + Math.floor(rand() * 10);
  const expiration = Date.now() + DAY;
  const ideaId = await as(t, p.donors[1]!).mutation(api.ideas.create, {
    oneLiner: "Frozen awards",
    platform: "YouTube",
    durations: ["MEDIUM"],
    expiration,
    links: [],
  });
  const submit = async (creator: Id<"users">, videoId: string) => {
    w.platforms.youtube.push({
      id: videoId,
      channelId: `UC${creator}`,
      title: videoId,
      seconds: 600,
      publishedAt: Date.now() + 1000,
    });
    return await as(t, creator).action(api.submissions.submit, {
      ideaId,
      link: `https://youtu.be/${videoId}`,
    });
  };
  // The people's choice's creator never becomes payable; the runner-up's is.
  const winner = await submit(p.never, "frozenwin01");
  const runnerUp = await submit(p.payable, "frozenrun01");
  await as(t, p.donors[2]!).mutation(api.submissions.vote, { submissionId: winner, vote: 1 });
  const sessions: string[] = [];
  for (let i = 0; i <= frozen; i++) {
    // One anonymous client may start 10 checkouts a minute (model/rateLimits.ts): pace them.
    setNow(Date.now() + 6_000);
    const { url } = await t.action(api.contributions.startCheckout, {
      ideaId,
      amountCents: 100 + Math.floor(rand() * 900),
    });
    sessions.push(url.split("/").pop()!);
    stripe.pay(sessions[i]!, "paid");
  }
  await stripe.deliver();
  const end = judgingEndsAt(expiration);
  setNow(end + 1000);
  await t.mutation(internal.ideas.close, { ideaId });
  await t.action(internal.settlement.start, { ideaId });
  await runScheduled(t);
  // Every award waits for its creator; all but the last are frozen by a card dispute.
  for (const sessionId of sessions.slice(0, frozen)) {
    const intent = stripe.state.sessions[sessionId]!.payment_intent as string;
    stripe.openDispute(
      Object.values(stripe.state.charges).find((c) => c.payment_intent === intent)!.id,
    );
  }
  await stripe.deliver();
  await runScheduled(t);
  // The claim window ends; the pass is the only thing that applies it.
  setNow(end + 31 * DAY);
  await t.mutation(internal.settlement.expireClaims, {});
  await runScheduled(t);
  await reconcilerRounds(w, 4);
  const r = await recordsOf(w, ideaId);
  const last = r.contributions.find((c) => c.checkoutSessionId === sessions[frozen])!;
  const mine = r.awards
    .filter((a) => a.contributionId === last._id)
    .sort((a, b) => a._creationTime - b._creationTime);
  expect(mine.map((a) => [a.submissionId, a.status])).toEqual([
    [winner, "passed"],
    [runnerUp, "paid"],
  ]);
  expect(r.awards.filter((a) => a.status === "waiting")).toHaveLength(frozen);
  const at = `${frozen} frozen awards`;
  checkAgainstBooks(w, r, sessions, model, at);
  await checkHeld(w, p.admin, r, Date.now(), at);
  checkPlannedOnce(r, at);
  await checkScreens(w, p.admin, r, at);
  await checkBoards(w, r, at);
}, 120_000);
