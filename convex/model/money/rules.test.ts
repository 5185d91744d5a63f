// The money rules, case by case (rules.ts): each table row is a situation and what the rules
// say about it. Settlement, the views and the randomised test all rely on these answers.
import { describe, expect, test } from "vitest";
import type { Id } from "../../_generated/dataModel";
import { judgingEndsAt } from "../labels";
import { DAY_MS } from "../labels";
import {
  awardableCents,
  capFailures,
  claimDeadlineOf,
  combinedAwardStatus,
  countedValue,
  countingCents,
  EMPTY_BUCKETS,
  heldCents,
  heldReasonOf,
  heldUntil,
  ineligibleReasons,
  isEligible,
  isLiveAward,
  mayReceive,
  nextRecipient,
  operatorHolds,
  payoutFigures,
  qualifiedUnderEarlierRule,
  recipientOf,
  refundBuckets,
  settlementDue,
  settlesOnArrival,
  shownAwardStatus,
  submissionVotesOpen,
  voteQualifies,
  wantedTransferCents,
  type Buckets,
  type Candidate,
  type Checklist,
  type RefundRecord,
} from "./rules";
import type { AwardStatus, HeldReason } from "./states";

const b = (over: Partial<Buckets>): Buckets => ({ ...EMPTY_BUCKETS, ...over });

describe("buckets", () => {
  test.each([
    // [what, buckets, held, awardable, counting]
    ["all held", b({ collectedCents: 1000 }), 1000, 1000, 1000],
    ["paid out", b({ collectedCents: 1000, transferredCents: 1000 }), 0, 1000, 1000],
    ["refunded in part", b({ collectedCents: 1000, refundedCents: 400 }), 600, 600, 600],
    ["refund failed", b({ collectedCents: 1000, refundFailedCents: 400 }), 600, 600, 600],
    ["disputed in part", b({ collectedCents: 1000, disputedCents: 400 }), 600, 1000, 600],
    ["lost", b({ collectedCents: 1000, lostCents: 1000 }), 0, 0, 0],
    // A reversal refused after the creator withdrew, then the chargeback lost: the platform's loss.
    [
      "paid out and lost",
      b({ collectedCents: 1000, transferredCents: 1000, lostCents: 1000 }),
      -1000,
      0,
      0,
    ],
  ])("%s", (_what, buckets, held, awardable, counting) => {
    expect(heldCents(buckets)).toBe(held);
    expect(awardableCents(buckets)).toBe(awardable);
    expect(countingCents(buckets)).toBe(counting);
  });

  test.each([
    // [what, buckets, award, wanted]
    ["no award", b({ collectedCents: 1000 }), null, 0],
    ["awarded in full", b({ collectedCents: 1000 }), 1000, 1000],
    ["lowered by a refund", b({ collectedCents: 1000, refundedCents: 400 }), 1000, 600],
    ["frozen by a dispute", b({ collectedCents: 1000, disputedCents: 1 }), 1000, 0],
    ["lost in part", b({ collectedCents: 1000, lostCents: 400 }), 1000, 600],
  ])("the creator should hold: %s", (_what, buckets, award, wanted) => {
    expect(wantedTransferCents(buckets, award === null ? null : { amountCents: award })).toBe(
      wanted,
    );
  });
});

describe("a failed refund stands only for money still on the platform", () => {
  test.each([
    ["all of it still here", b({ collectedCents: 900, refundFailedCents: 900 }), 900],
    [
      "refunded again by a refund of ours",
      b({ collectedCents: 900, refundedCents: 900, refundFailedCents: 900 }),
      0,
    ],
    [
      "part paid out since",
      b({ collectedCents: 1000, transferredCents: 700, refundFailedCents: 400 }),
      300,
    ],
    [
      "the platform short (a reversal refused, the dispute lost)",
      b({ collectedCents: 1000, transferredCents: 1000, lostCents: 1000, refundFailedCents: 400 }),
      0,
    ],
  ])("%s", (_what, buckets, failed) => {
    expect(capFailures(buckets).refundFailedCents).toBe(failed);
  });
});

describe("refunds that fail and are made again", () => {
  const dashboard = (amountCents: number, status: string, createdAt: number, failedAt?: number) =>
    ({ amountCents, status, createdAt, failedAt: failedAt ?? null, mayRedo: true }) as RefundRecord;
  const ours = (amountCents: number, status: string, createdAt: number, failedAt?: number) =>
    ({
      amountCents,
      status,
      createdAt,
      failedAt: failedAt ?? null,
      mayRedo: false,
    }) as RefundRecord;
  test.each<[string, RefundRecord[], [number, number, number]]>([
    ["one that succeeded", [ours(900, "succeeded", 1)], [900, 0, 0]],
    ["one under way", [ours(900, "pending", 1)], [0, 900, 0]],
    ["one that failed", [ours(900, "failed", 1, 2)], [0, 0, 900]],
    // Finding 1: the operator redoes the failed refund from the Dashboard.
    ["a failure redone", [ours(900, "failed", 1, 2), dashboard(900, "succeeded", 3)], [900, 0, 0]],
    [
      "a failure redone, the redo under way",
      [ours(900, "failed", 1, 2), dashboard(900, "pending", 3)],
      [0, 900, 0],
    ],
    [
      "a Dashboard refund that failed, redone",
      [dashboard(400, "failed", 1, 2), dashboard(400, "succeeded", 3)],
      [400, 0, 0],
    ],
    // The same money failing twice stands for it once.
    [
      "a failure whose redo failed too",
      [ours(900, "failed", 1, 2), dashboard(900, "failed", 3, 4)],
      [0, 0, 900],
    ],
    [
      "failed twice, redone the third time",
      [ours(900, "failed", 1, 2), dashboard(900, "failed", 3, 4), dashboard(900, "succeeded", 5)],
      [900, 0, 0],
    ],
    [
      "a redo of part of it",
      [ours(900, "failed", 1, 2), dashboard(300, "succeeded", 3)],
      [300, 0, 600],
    ],
    [
      "a redo larger than the failure",
      [ours(300, "failed", 1, 2), dashboard(900, "succeeded", 3)],
      [900, 0, 0],
    ],
    // A Dashboard refund made before the failure was for other money.
    [
      "a refund made before the failure",
      [dashboard(300, "succeeded", 1), ours(600, "failed", 2, 3)],
      [300, 0, 600],
    ],
    [
      "a refund made while the other was pending",
      [ours(600, "failed", 1, 5), dashboard(300, "succeeded", 3)],
      [300, 0, 600],
    ],
    // Our own refunds are of money no failure holds.
    ["our own later refund", [ours(600, "failed", 1, 2), ours(400, "succeeded", 3)], [400, 0, 600]],
    // Stripe dates whole seconds: a failure first among equals, but never its own redo.
    [
      "a redo in the same second as the failure",
      [ours(900, "failed", 1, 2), dashboard(900, "succeeded", 2)],
      [900, 0, 0],
    ],
    [
      "a Dashboard refund failing in the second it was made",
      [dashboard(900, "failed", 1, 1)],
      [0, 0, 900],
    ],
    ["canceled counts as failed", [ours(900, "canceled", 1, 2)], [0, 0, 900]],
  ])("%s", (_what, refunds, [refunded, refunding, failed]) => {
    expect(refundBuckets(refunds)).toEqual({
      refundedCents: refunded,
      refundingCents: refunding,
      refundFailedCents: failed,
    });
  });
});

const passing: Checklist = {
  exists: true,
  ownedBySubmitter: false,
  publishedAfterIdea: true,
  durationAllowed: true,
};

describe("eligible videos", () => {
  test.each<[string, Partial<Checklist>, string[]]>([
    ["passes every check (ownership may come later)", {}, []],
    [
      "deleted from its platform",
      { exists: false },
      ["The video could not be found on its platform."],
    ],
    [
      "published before the idea",
      { publishedAfterIdea: false },
      ["It was published before the idea was posted."],
    ],
    [
      "no publish date",
      { publishedAfterIdea: null },
      ["Its platform did not say when it was published."],
    ],
    [
      "a length not allowed",
      { durationAllowed: false },
      ["Its length is not one the idea allows."],
    ],
    ["no length", { durationAllowed: null }, ["Its platform did not say how long it is."]],
  ])("%s", (_what, over, reasons) => {
    const s = { checklist: { ...passing, ...over } };
    expect(ineligibleReasons(s)).toEqual(reasons);
    expect(isEligible(s)).toBe(reasons.length === 0);
  });
});

describe("who receives a contribution", () => {
  const idea = "idea" as Id<"proposals">;
  const other = "other" as Id<"proposals">;
  const alice = "alice" as Id<"users">;
  const bob = "bob" as Id<"users">;
  const carol = "carol" as Id<"users">;
  const video = (id: string, authorId: Id<"users">, over: Partial<Candidate> = {}): Candidate => ({
    _id: id as Id<"submissions">,
    ideaId: idea,
    authorId,
    checklist: passing,
    ...over,
  });
  const byBob = video("byBob", bob);
  const byCarol = video("byCarol", carol);
  const byAlice = video("byAlice", alice);
  const gone = video("gone", bob, { checklist: { ...passing, exists: false } });
  const elsewhere = video("elsewhere", bob, { ideaId: other });
  const pickers = {
    ideaId: idea,
    contributorId: alice,
    payoutPreference: "customer_choice",
  } as const;
  const voters = { ...pickers, payoutPreference: "peoples_choice" } as const;
  const anonymous = { ideaId: idea, payoutPreference: "peoples_choice" } as const;

  test.each<
    [string, Parameters<typeof recipientOf>[0], Candidate | null, Candidate[], Candidate | null]
  >([
    ["a pick wins", pickers, byCarol, [byBob, byCarol], byCarol],
    ["no pick: the people's choice", pickers, null, [byBob, byCarol], byBob],
    ["the people's choice for who did not pick", voters, byCarol, [byBob, byCarol], byBob],
    ["a pick of a deleted video: the people's choice", pickers, gone, [byBob], byBob],
    ["a pick of another idea's video: the people's choice", pickers, elsewhere, [byBob], byBob],
    // Finding 7: a contributor's own money never goes to their own video.
    ["a pick of their own video: the people's choice", pickers, byAlice, [byBob], byBob],
    ["their own video leads: the next one", voters, null, [byAlice, byCarol], byCarol],
    ["only their own video: refunded", voters, null, [byAlice], null],
    ["anonymous money follows the people's choice", anonymous, null, [byAlice, byBob], byAlice],
    ["the people's order skips what cannot win", voters, null, [gone, byCarol], byCarol],
    ["nothing can win: refunded", voters, null, [], null],
  ])("%s", async (_what, giver, pick, order, expected) => {
    expect(await recipientOf(giver, pick, order)).toBe(expected);
    if (expected !== null) expect(mayReceive(giver, expected)).toBe(true);
  });

  test("the claim window passes on by the same rule, skipping what it is told to", async () => {
    const order = [byBob, byAlice, byCarol];
    expect(await nextRecipient(voters, order, (s) => s === byBob)).toBe(byCarol);
    expect(await nextRecipient(voters, order, () => true)).toBeNull();
    expect(await nextRecipient(anonymous, order, (s) => s === byBob)).toBe(byAlice);
  });

  test("payout figures agree with who receives each contribution", async () => {
    const contributions = [
      { giver: voters, cents: 1000, pick: null, frozen: false }, // Alice's money: Bob leads
      { giver: { ...voters, contributorId: bob }, cents: 700, pick: null, frozen: false }, // Bob's own: Alice
      { giver: { ...pickers, contributorId: carol }, cents: 300, pick: byAlice, frozen: false },
      { giver: anonymous, cents: 200, pick: null, frozen: false },
      // Frozen by a dispute: it could be won later, but settlement awards none of it now.
      { giver: anonymous, cents: 500, pick: null, frozen: true },
    ];
    const order = [byBob, byAlice, byCarol];
    const figures = async (s: Candidate) => await payoutFigures(s, contributions, order);
    // Bob's own 700 can never be his; Alice's own 1000 never hers.
    expect(await figures(byBob)).toEqual({ expectedCents: 1200, maxCents: 2000 });
    expect(await figures(byAlice)).toEqual({ expectedCents: 1000, maxCents: 1700 });
    expect(await figures(byCarol)).toEqual({ expectedCents: 0, maxCents: 2400 });
    // Every cent expected somewhere is where settlement sends it, and nowhere else.
    let total = 0;
    for (const s of order) total += (await figures(s)).expectedCents;
    let received = 0;
    for (const c of contributions)
      if (!c.frozen && (await recipientOf(c.giver, c.pick, order)) !== null) received += c.cents;
    expect(total).toBe(received);
  });
});

describe("awards and the claim window", () => {
  const expiration = Date.UTC(2026, 0, 10, 12);
  test("the claim deadline is 30 days after judging ends", () => {
    expect(claimDeadlineOf(expiration)).toBe(judgingEndsAt(expiration) + 30 * DAY_MS);
  });

  test.each<[AwardStatus, boolean]>([
    ["waiting", true],
    ["paying", true],
    ["paid", true],
    ["passed", false],
    ["cancelled", false],
  ])("a %s award is live: %s", (status, live) => {
    expect(isLiveAward({ status })).toBe(live);
  });

  test.each<[string, number, boolean, boolean]>([
    ["before the deadline", expiration - 1, false, false],
    ["at the deadline with no video that can win", expiration, false, true],
    ["at the deadline with one that can", expiration, true, false],
    ["a moment before judging ends", judgingEndsAt(expiration) - 1, true, false],
    ["when judging ends", judgingEndsAt(expiration), true, true],
  ])("settlement is due %s", (_what, now, anyEligible, due) => {
    expect(settlementDue(expiration, now, anyEligible)).toBe(due);
  });
});

describe("why held money is held", () => {
  const none = { disputed: false, needsAttention: false, settled: true, award: null };
  test.each<[string, Parameters<typeof heldReasonOf>[0], HeldReason]>([
    ["while judging", { ...none, settled: false }, "judging"],
    ["waiting for its creator", { ...none, award: { status: "waiting" } }, "waiting_for_creator"],
    ["being paid", { ...none, award: { status: "paying" } }, "being_paid"],
    ["no award any more", none, "returning"],
    // Finding 6: money that cannot move is never said to.
    ["frozen by a dispute while judging", { ...none, settled: false, disputed: true }, "frozen"],
    [
      "frozen while its award waits",
      { ...none, disputed: true, award: { status: "waiting" } },
      "frozen",
    ],
    [
      "a transfer that needs attention",
      { ...none, needsAttention: true, award: { status: "paying" } },
      "needs_attention",
    ],
  ])("%s", (_what, money, reason) => {
    expect(heldReasonOf(money)).toBe(reason);
  });

  test("only judging and the claim window have deadlines; the rest moves or is the operator's", () => {
    const expiration = Date.UTC(2026, 0, 10, 12);
    expect(heldUntil("judging", expiration)).toBe(judgingEndsAt(expiration));
    expect(heldUntil("waiting_for_creator", expiration)).toBe(claimDeadlineOf(expiration));
    for (const reason of ["being_paid", "returning", "frozen", "needs_attention"] as const)
      expect(heldUntil(reason, expiration)).toBeNull();
    expect(["frozen", "needs_attention"].every((r) => operatorHolds(r as HeldReason))).toBe(true);
    expect(
      ["judging", "waiting_for_creator", "being_paid"].some((r) => operatorHolds(r as HeldReason)),
    ).toBe(false);
  });

  test("an award shows frozen or on hold when its money is", () => {
    expect(shownAwardStatus("waiting", "frozen")).toBe("frozen");
    expect(shownAwardStatus("paying", "needs_attention")).toBe("on_hold");
    expect(shownAwardStatus("paid", "frozen")).toBe("paid");
    expect(shownAwardStatus("waiting", "waiting_for_creator")).toBe("waiting");
    expect(combinedAwardStatus(["paid", "paid"])).toBe("paid");
    expect(combinedAwardStatus(["paid", "waiting", "frozen"])).toBe("frozen");
    expect(combinedAwardStatus(["waiting", "paying"])).toBe("paying");
  });
});

describe("votes that decide money", () => {
  const ideaPosted = Date.UTC(2026, 0, 1);
  const idea = { _creationTime: ideaPosted, expiration: ideaPosted + 5 * DAY_MS };
  test.each<[string, number, number, boolean]>([
    [
      "an account older than the idea and 7 days old when it votes",
      ideaPosted - 7 * DAY_MS,
      ideaPosted,
      true,
    ],
    ["an account older than the idea, voting at once", ideaPosted - 1, ideaPosted + 1, false],
    [
      "an account older than the idea, voting a moment under 7 days after it was made",
      ideaPosted - 1,
      ideaPosted - 1 + 7 * DAY_MS - 1,
      false,
    ],
    // The aged-accounts attack: made while the idea is open, voting once 7 days old.
    [
      "made after the idea, voting 7 days later",
      ideaPosted + 1,
      ideaPosted + 1 + 7 * DAY_MS,
      false,
    ],
    [
      "made after the idea, voting a moment under 7 days",
      ideaPosted + 1,
      ideaPosted + 7 * DAY_MS,
      false,
    ],
    ["made after the idea, voting at once", ideaPosted + DAY_MS, ideaPosted + DAY_MS, false],
    // Judged at the end of judging this account would count: it is 11 days old then.
    [
      "made the day after the idea, voting the next day",
      ideaPosted + DAY_MS,
      ideaPosted + 2 * DAY_MS,
      false,
    ],
  ])("%s: counted %s", (_what, voterCreatedAt, castAt, counted) => {
    expect(voteQualifies(voterCreatedAt, ideaPosted, castAt)).toBe(counted);
  });

  test("the earlier rule judged accounts at the end of judging (votes stored before verdicts)", () => {
    expect(qualifiedUnderEarlierRule(ideaPosted + DAY_MS, idea)).toBe(true);
    expect(qualifiedUnderEarlierRule(judgingEndsAt(idea.expiration) - 6 * DAY_MS, idea)).toBe(
      false,
    );
  });

  test("submission votes close at the end of judging, by the clock", () => {
    expect(submissionVotesOpen(idea.expiration, judgingEndsAt(idea.expiration) - 1)).toBe(true);
    expect(submissionVotesOpen(idea.expiration, judgingEndsAt(idea.expiration))).toBe(false);
  });

  test.each([
    [1, true, 1],
    [-1, true, -1],
    [1, false, 0],
    [-1, false, 0],
  ])("a vote of %i (qualified: %s) adds %i to the counted total", (value, qualified, counted) => {
    expect(countedValue({ value, qualified })).toBe(counted);
  });
});

test("a payment is settled on arrival once judging ended or the idea was hidden", () => {
  expect(settlesOnArrival({})).toBe(false);
  expect(settlesOnArrival({ judgedAt: 1 })).toBe(true);
  expect(settlesOnArrival({ removedAt: 1 })).toBe(true);
});
