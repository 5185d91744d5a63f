// Model-based, randomised: seeded sequences of what Stripe, people, platforms and the network
// can do — signed webhooks duplicated, reordered and re-sent under new ids, the confirmation
// page's lookup, picks, preference changes, late bank payments, refunds before and after the
// award, refunds that fail and their redo from the Dashboard, disputes won and lost (some
// closing while a reversal is retried, reversals refused after the creator withdrew), videos
// deleted before judging ends, votes at the judging boundary, a contributor whose own video
// leads, payout accounts set up early, late or never, and injected Stripe faults — through
// settlement, claim windows and the reconciler. Posters run their idea too (issue 36): a
// deadline extended, backers taking their money back before the original deadline (and refused
// after it, or when they paid after the extension), the poster topping up, and money moved to
// another idea when nobody delivers — refused to one's own idea, to an idea whose judging ends
// too late, or twice; moved money whose destination refunds or awards it; and money whose week
// to move runs out. After each sequence the app is checked against the Stripe stand-in's own
// books (moved money shares its charge with its source) and against every screen
// (test.moneyChecks.ts).
// The sequences are split over money.random.<part>.test.ts files (PARTS) so that Vitest's workers
// share them; MONEY_SEQUENCES=5000 runs more; MONEY_SEED=n replays one sequence (part 1 runs it).
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
  checkMoves,
  checkPlannedOnce,
  checkScreens,
  mergeRecords,
  recordsOf,
  RefundModel,
} from "./test.moneyChecks";
import { judgingEndsAt } from "./model/labels";
import { fullBuckets, heldCents, MOVE_MESSAGES, WITHDRAW_MESSAGES } from "./model/money/rules";

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
  extended: 0,
  withdrawn: 0,
  lateWithdrawalsRefused: 0,
  moved: 0,
  movesRefused: 0,
  movedThenRefunded: 0,
  movedThenAwarded: 0,
  moveTimedOut: 0,
  posterToppedUp: 0,
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
  // The poster of each sequence's idea makes videos too: their own money never pays them.
  await connectYouTube(w, donors[1]!);
  await payoutsReady(w, donors[1]!);
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
  // Three days: the poster may extend it (at least 24 hours before its deadline).
  const originalDeadline = start + 3 * DAY;
  let expiration = originalDeadline;
  const poster = p.donors[1]!;
  const ideaId = await as(t, poster).mutation(api.ideas.create, {
    oneLiner: `Sequence ${seed}`,
    platform: "YouTube",
    durations: ["MEDIUM"],
    expiration,
    links: [],
  });
  // Where money can move when nobody delivers: an idea open long after this one ends, and one
  // whose judging ends too late for a refund to reach the card (refused).
  const destination = await as(t, p.donors[2]!).mutation(api.ideas.create, {
    oneLiner: `Destination ${seed}`,
    platform: "YouTube",
    durations: ["MEDIUM"],
    expiration: start + 40 * DAY,
    links: [],
  });
  const tooLate = await as(t, p.donors[2]!).mutation(api.ideas.create, {
    oneLiner: `Too late ${seed}`,
    platform: "YouTube",
    durations: ["MEDIUM"],
    expiration: start + 118 * DAY,
    links: [],
  });
  /** Each donor's own open idea (money may never move there). */
  const ownIdeas = new Map<Id<"users">, Id<"proposals">>();
  const ownIdeaOf = async (donor: Id<"users">) => {
    if (!ownIdeas.has(donor))
      ownIdeas.set(
        donor,
        await as(t, donor).mutation(api.ideas.create, {
          oneLiner: `Own idea ${seed}`,
          platform: "Any",
          durations: ["MEDIUM"],
          expiration: Date.now() + 30 * DAY,
          links: [],
        }),
      );
    return ownIdeas.get(donor)!;
  };
  // The destination gets a video from a payable creator (its winner), or none (it refunds).
  const destinationAwards = chance(0.6);
  if (destinationAwards) {
    const videoId = `d${seed}x`.padEnd(11, "0");
    w.platforms.youtube.push({
      id: videoId,
      channelId: `UC${p.payable}`,
      title: videoId,
      seconds: 600,
      publishedAt: Date.now() + 1000,
    });
    setNow(Date.now() + 2000);
    await as(t, p.payable).action(api.submissions.submit, {
      ideaId: destination,
      link: `https://youtu.be/${videoId}`,
    });
  }
  const sessions: string[] = [];
  /** Signed-in contributions: who, when paid relative to the extension. */
  const signedIn: {
    contributionId: Id<"contributions">;
    donor: Id<"users">;
    sessionId: string;
    afterExtension: boolean;
  }[] = [];
  let extendedAt: number | null = null;
  const withdrawn = new Set<Id<"contributions">>();
  const submissions: { id: Id<"submissions">; videoId: string; author: Id<"users"> }[] = [];
  /** Videos made too short for the idea, or deleted (the model's own word, not the app's). */
  const cannotWin = new Set<Id<"submissions">>();
  let deleted = false;

  const contribute = async (who?: Id<"users">) => {
    const donor = who ?? (chance(0.25) ? null : pick(p.donors));
    const { url, contributionId } = await (donor ? as(t, donor) : t).action(
      api.contributions.startCheckout,
      { ideaId, amountCents: 100 + Math.floor(rand() * 4900) },
    );
    const sessionId = url.split("/").pop()!;
    sessions.push(sessionId);
    if (donor)
      signedIn.push({ contributionId, donor, sessionId, afterExtension: extendedAt !== null });
    stripe.pay(sessionId, pick(["paid", "paid", "async_pending", "declined"] as const));
    tick();
  };
  const paidNow = (id: Id<"contributions">) =>
    t.run(async (ctx) => (await ctx.db.get("contributions", id))?.status === "paid");
  /** Backers choose, for some of their payments, "let me move it to another idea". */
  const chooseMoves = async () => {
    for (const c of signedIn)
      if (chance(0.5) && (await paidNow(c.contributionId)))
        await as(t, c.donor)
          .mutation(api.moves.setIfNobodyDelivers, {
            contributionId: c.contributionId,
            choice: "move",
          })
          .catch(() => null); // settled meanwhile: the choice is closed, nothing changes
  };
  const withdraw = (c: (typeof signedIn)[number]) =>
    as(t, c.donor).mutation(api.moves.withdraw, { contributionId: c.contributionId });
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
  // Without an extension nobody takes money back.
  if (signedIn.length && (await paidNow(signedIn[0]!.contributionId)))
    await expect(
      withdraw(signedIn[0]!),
      `${at}: a withdrawal without an extension`,
    ).rejects.toThrow(WITHDRAW_MESSAGES.notExtended);
  // The poster extends the deadline (once), and tops up the bounty.
  if (chance(0.4)) {
    const days = 1 + Math.floor(rand() * 3);
    tick();
    await as(t, poster).mutation(api.controlRoom.extend, { ideaId, days });
    await expect(
      as(t, poster).mutation(api.controlRoom.extend, { ideaId, days: 1 }),
      `${at}: a second extension`,
    ).rejects.toThrow("already extended");
    extendedAt = Date.now();
    expiration = originalDeadline + days * DAY;
    reached.extended++;
    tick();
    await runScheduled(t);
  }
  if (chance(0.4)) {
    await contribute(poster);
    reached.posterToppedUp++;
  }
  if (chance(0.3)) await contribute();
  await deliverSome();
  await chooseMoves();
  // After an extension, backers who paid before it may take their money back; those who paid
  // after it may not.
  if (extendedAt !== null)
    for (const c of signedIn) {
      if (!(await paidNow(c.contributionId))) continue;
      if (c.afterExtension)
        await expect(
          withdraw(c),
          `${at}: a withdrawal of money paid after the extension`,
        ).rejects.toThrow(WITHDRAW_MESSAGES.afterExtension);
      else if (chance(0.4) && !withdrawn.has(c.contributionId)) {
        const money = (await t.run((ctx) => ctx.db.get("contributions", c.contributionId)))!;
        // Allowed when paid before the extension (a bank payment may have cleared after it),
        // unless it is frozen by a dispute, already refunded or on its way back.
        const allowed =
          money.paidAt !== undefined &&
          money.paidAt < extendedAt &&
          !money.settled &&
          (money.money?.disputedCents ?? 0) === 0 &&
          heldCents(fullBuckets(money.money)) > 0;
        const ok = await withdraw(c).then(
          () => true,
          () => false,
        );
        expect(ok, `${at}: a backer's withdrawal after the extension`).toBe(allowed);
        if (ok) {
          withdrawn.add(c.contributionId);
          reached.withdrawn++;
        }
      }
    }
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
  // The poster's own video: their top-up never pays it.
  if (chance(0.3)) await video(poster, true);
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

  // Past the original deadline (the idea still open until its new one), nobody takes money back.
  if (extendedAt !== null) {
    setNow(originalDeadline + 1000);
    for (const c of signedIn)
      if (
        !c.afterExtension &&
        !withdrawn.has(c.contributionId) &&
        (await paidNow(c.contributionId))
      ) {
        await expect(
          withdraw(c),
          `${at}: a withdrawal after the original deadline`,
        ).rejects.toThrow(WITHDRAW_MESSAGES.tooLate);
        reached.lateWithdrawalsRefused++;
      }
  }

  /** Money waiting to move: its backer moves it, tries where it may not go, or lets it wait. */
  const handled = new Set<Id<"contributions">>();
  const handleMoves = async () => {
    const waiting = (await recordsOf(w, ideaId)).contributions.filter(
      (c) => c.outcome === "move_waiting" && !handled.has(c._id),
    );
    for (const c of waiting) {
      handled.add(c._id);
      const mover = as(t, c.contributorId!);
      const moveTo = (to: Id<"proposals">) =>
        mover.mutation(api.moves.move, { contributionId: c._id, ideaId: to });
      // Never to one's own idea, never back to this one, never where judging ends too late.
      await expect(
        moveTo(await ownIdeaOf(c.contributorId!)),
        `${at}: a move to one's own idea`,
      ).rejects.toThrow(MOVE_MESSAGES.ownIdea);
      await expect(moveTo(ideaId), `${at}: a move back to its idea`).rejects.toThrow(
        MOVE_MESSAGES.sameIdea,
      );
      if (c.contributorId !== p.donors[2])
        await expect(moveTo(tooLate), `${at}: a move whose judging ends too late`).rejects.toThrow(
          MOVE_MESSAGES.tooLate,
        );
      reached.movesRefused++;
      // Someone else's waiting money is not theirs to move.
      const stranger = p.donors.find((d) => d !== c.contributorId)!;
      await expect(
        as(t, stranger).mutation(api.moves.move, { contributionId: c._id, ideaId: destination }),
        `${at}: a move by someone else`,
      ).rejects.toThrow();
      if (c.contributorId === p.donors[2] || chance(0.3)) {
        reached.moveTimedOut++;
        continue; // its week runs out: refunded
      }
      await moveTo(destination);
      reached.moved++;
      await expect(moveTo(destination), `${at}: a second move`).rejects.toThrow(
        MOVE_MESSAGES.movedAlready,
      );
      tick();
    }
  };

  // The deadline: an idea no video can win is refunded now, not at the end of judging.
  setNow(expiration + 1000);
  await t.mutation(internal.ideas.close, { ideaId });
  await runScheduled(t);
  await handleMoves();
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
  await handleMoves();
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
  // The cron refunds money whose week to move ended (it runs every 15 minutes).
  await t.mutation(internal.moves.expireOverdue, {});
  await runScheduled(t);
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
  // Every week to move has ended: money nobody moved goes back to its card.
  await t.mutation(internal.moves.expireOverdue, {});
  await runScheduled(t);
  await reconcilerRounds(w, 16);
  stripe.clearFaults();

  // The destination's own life: its deadline, its judging, its winner paid — the moved money
  // from the same charge — or, with no video, the moved money refunded to the original card.
  const dest = (await recordsOf(w, destination)).idea;
  setNow(Math.max(Date.now(), dest.expiration + 1000));
  await t.mutation(internal.ideas.close, { ideaId: destination });
  await runScheduled(t);
  setNow(Math.max(Date.now(), judgingEndsAt(dest.expiration) + 1000));
  await t.action(internal.settlement.start, { ideaId: destination });
  await runScheduled(t);
  await reconcilerRounds(w, 16);

  reached.failedRefundsRedone += model.redone;
  const r = await recordsOf(w, ideaId);
  const d = await recordsOf(w, destination);
  const all = mergeRecords(r, d);
  for (const c of d.contributions.filter((x) => x.movedFrom)) {
    if ((c.money?.transferredCents ?? 0) > 0) reached.movedThenAwarded++;
    if ((c.money?.refundedCents ?? 0) > 0) reached.movedThenRefunded++;
  }
  checkAgainstBooks(w, all, sessions, model, at);
  await checkHeld(w, p.admin, all, Date.now(), at);
  checkPlannedOnce(all, at);
  const forbidden = { neverPaid: p.never, tooShort: cannotWin };
  checkLedger(w, r, sessions, forbidden, at, all);
  checkLedger(w, d, sessions, forbidden, `${at} (destination)`, all);
  await checkScreens(w, p.admin, r, at);
  await checkScreens(w, p.admin, d, `${at} (destination)`);
  checkMoves(all, [r.idea, d.idea], withdrawn, at);
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
const WORLDS = Math.ceil(SEQUENCES / PER_WORLD);
/** How many test files share the worlds (money.random.1.test.ts … money.random.4.test.ts). */
export const PARTS = 4;

/** Declares this part's worlds: world i belongs to part (i mod PARTS) + 1. */
export function declareWorlds(part: number) {
  const mine =
    ONLY !== null
      ? part === 1
        ? [Math.floor((ONLY - 1) / PER_WORLD)]
        : []
      : Array.from({ length: WORLDS }, (_, i) => i).filter((i) => i % PARTS === part - 1);
  // A replay (MONEY_SEED) or a short run (MONEY_SEQUENCES) may leave a part without a world.
  if (mine.length === 0) return test.skip(`money.random part ${part}: no world in this run`);
  test.each(mine)(
    `money always ends: ${SEQUENCES} random sequences, checked against Stripe's books and every screen (world %i)`,
    async (world) => {
      const w = moneyWorld();
      const p = await people(w);
      if (ONLY !== null) {
        // Replays the sequences of ONLY's world up to it: a world's people carry over.
        for (let seed = 1 + world * PER_WORLD; seed <= ONLY; seed++) await runSequence(w, p, seed);
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
}

/** Declared by one part only. */
export function declareFrozenAwards() {
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
}
