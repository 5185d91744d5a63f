// One truth on every screen (issue 28): for the same idea in each state, the card (the lists'
// query), the idea page (its own query), the share page's tags and My Bounties give the same
// state, date and amounts. Each surface's data goes through the one function the screens use
// (model/ideaStage.ts ideaStatusOf); the share page is read as unfurlers read it.
import { afterEach, describe, expect, test } from "vitest";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { as, createUser } from "./test.setup";
import {
  chargeOfSession,
  cleanUp,
  connectYouTube,
  DAY,
  moneyWorld,
  newIdea,
  paid,
  payableCreator,
  runScheduled,
  setNow,
  settle,
  submitVideo,
  type MoneyWorld,
} from "./test.money";
import { ideaStatusOf, type IdeaStatus } from "./model/ideaStage";
import { formatLongDate, formatMoney } from "./model/labels";

afterEach(cleanUp);

const meta = (html: string, key: string) =>
  html
    .match(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`))?.[1]
    ?.replace(/&amp;/g, "&")
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"');

/** What each surface says about the idea now. */
async function surfaces(w: MoneyWorld, ideaId: Id<"proposals">, author: Id<"users">) {
  const now = Date.now();
  const list = await w.t.query(api.ideas.list, {
    view: "all",
    sort: "recent",
    paginationOpts: { numItems: 50, cursor: null },
  });
  const card = list.page.find((p) => p._id === ideaId)!;
  const page = (await w.t.query(api.ideas.get, { ideaId }))!;
  const mine = await as(w.t, author).query(api.contributions.myPostedIdeas, {
    paginationOpts: { numItems: 10, cursor: null },
  });
  const row = mine.page.find((p) => p._id === ideaId)!;
  const html = await (await w.t.fetch(`/share/${ideaId}`)).text();
  return {
    card: ideaStatusOf(card, now),
    page: ideaStatusOf(page, now),
    myBounties: ideaStatusOf(row, now),
    share: {
      stage: meta(html, "bounties:stage"),
      title: meta(html, "og:title")!,
      description: meta(html, "og:description")!,
      imageAlt: meta(html, "og:image:alt")!,
    },
  };
}

/** Every surface agrees, and says what `expected` says. */
async function expectOneTruth(
  w: MoneyWorld,
  ideaId: Id<"proposals">,
  author: Id<"users">,
  expected: Partial<Omit<IdeaStatus, "figure">> & { figure?: Partial<IdeaStatus["figure"]> },
) {
  const s = await surfaces(w, ideaId, author);
  // Card and idea page, card and My Bounties: the same status, field by field.
  expect(s.page).toEqual(s.card);
  expect(s.myBounties).toEqual(s.card);
  expect(s.card).toMatchObject(expected);
  // Card and share page: the same stage, the same words for now, the same amount.
  expect(s.share.stage).toBe(s.card.stage);
  const now = s.card.now ?? s.card.expiry;
  expect(s.share.imageAlt).toContain(now);
  if (s.card.now) expect(s.share.title).toContain(s.card.now);
  const amount = s.card.figure.cents === null ? "No bounty" : formatMoney(s.card.figure.cents);
  expect(s.share.description).toContain(amount);
  expect(s.share.imageAlt).toContain(amount);
  // Only an open idea asks anyone to back it.
  expect(s.share.description.includes("Back it or make the video")).toBe(s.card.stage === "open");
  return s;
}

async function closeIdea(w: MoneyWorld, ideaId: Id<"proposals">) {
  const idea = (await w.t.query(api.ideas.get, { ideaId }))!;
  setNow(idea.expiration + 1000);
  await w.t.mutation(internal.ideas.close, { ideaId });
  return idea.expiration;
}

describe("one truth on every screen", () => {
  test("open: N days left, the bounty and its backers", async () => {
    const w = moneyWorld();
    const { ideaId, author } = await newIdea(w, 3);
    await paid(w, ideaId, await createUser(w.t), 500);
    await paid(w, ideaId, await createUser(w.t), 2000);
    // An hour later: 2 days and 23 hours left reads "3 days left" everywhere (rounded up).
    setNow(Date.now() + 3600_000);
    const s = await expectOneTruth(w, ideaId, author, {
      stage: "open",
      expiry: "3 days left",
      now: null,
      figure: { label: "Bounty", cents: 2500, note: null },
    });
    expect(s.share.description).toMatch(
      /^\$25\.00 bounty from 2 backers · 0 videos · 3 days left\./,
    );
  });

  test("judging: Completed, 'Judging until {date}' and 'Winner to be announced {date}', never 'Winner picked on'", async () => {
    const w = moneyWorld();
    const { ideaId, author } = await newIdea(w);
    await submitVideo(w, ideaId, await payableCreator(w), "judgingvid1");
    await paid(w, ideaId, await createUser(w.t), 1200);
    const expiration = await closeIdea(w, ideaId);
    const until = formatLongDate(expiration + 7 * DAY);
    const s = await expectOneTruth(w, ideaId, author, {
      stage: "judging",
      expiry: "Completed",
      now: `Judging until ${until}`,
      figure: { label: "Bounty", cents: 1200, note: `Winner to be announced ${until}` },
    });
    expect(s.share.description).toContain(`Winner to be announced ${until}`);
    // A date still ahead never reads as done, on any surface (issue 37).
    expect(JSON.stringify(s)).not.toMatch(/Winner picked on|Winner chosen/);
  });

  test("judging with no video that can win: refunding from the deadline, never 'Judging until'", async () => {
    const w = moneyWorld();
    const { ideaId, author } = await newIdea(w);
    await paid(w, ideaId, await createUser(w.t), 900);
    await closeIdea(w, ideaId);
    const s = await expectOneTruth(w, ideaId, author, {
      stage: "refunding",
      expiry: "Completed",
      now: "Refunding",
      figure: { label: "Refunding", cents: 900, note: "No eligible video arrived" },
    });
    expect(s.share.title).not.toMatch(/Judging/);
  });

  test("awarded, waiting for the winner's payout account", async () => {
    const w = moneyWorld();
    const { ideaId, author } = await newIdea(w);
    const creator = await createUser(w.t, { name: "Lena" });
    await connectYouTube(w, creator);
    await submitVideo(w, ideaId, creator, "waitingvid1");
    await paid(w, ideaId, await createUser(w.t), 2500);
    const { expiration } = (await w.t.query(api.ideas.get, { ideaId }))!;
    await settle(w, ideaId);
    const until = formatLongDate(expiration + 37 * DAY);
    const s = await expectOneTruth(w, ideaId, author, {
      stage: "awarded",
      expiry: "Completed",
      now: "Awarded",
      figure: {
        label: "Awarded",
        cents: 2500,
        note: `Waiting for Lena to set up payouts (until ${until})`,
      },
    });
    // Never "$0.00 paid out" for an award that waits for its creator.
    expect(s.share.description).toContain(`Waiting for Lena to set up payouts (until ${until})`);
    expect(s.share.description).not.toMatch(/\$0\.00/);
  });

  test("awarded, frozen by a dispute past its claim deadline: never 'Waiting for…' a past date", async () => {
    const w = moneyWorld();
    const { ideaId, author } = await newIdea(w);
    const creator = await createUser(w.t, { name: "Lena" });
    await connectYouTube(w, creator);
    await submitVideo(w, ideaId, creator, "frozenvid01");
    const { sessionId } = await paid(w, ideaId, await createUser(w.t), 1000);
    await settle(w, ideaId);
    w.stripe.openDispute(chargeOfSession(w, sessionId), 400);
    await w.stripe.deliver();
    await runScheduled(w.t);
    setNow(Date.now() + 40 * DAY); // past the claim deadline, still frozen
    await w.t.mutation(internal.settlement.expireClaims, {});
    await w.stripe.deliver();
    await runScheduled(w.t);
    const s = await expectOneTruth(w, ideaId, author, {
      stage: "awarded",
      now: "Awarded",
      figure: { label: "Awarded", note: "$6.00 frozen by a card dispute" },
    });
    expect(s.share.description).not.toContain("Waiting for");
    expect(s.share.description).not.toContain("Being paid");
  });

  test("awarded and paid", async () => {
    const w = moneyWorld();
    const { ideaId, author } = await newIdea(w);
    await submitVideo(w, ideaId, await payableCreator(w), "paidvideo01");
    await paid(w, ideaId, await createUser(w.t), 500);
    await paid(w, ideaId, await createUser(w.t), 2000);
    await settle(w, ideaId);
    await w.stripe.deliver();
    await runScheduled(w.t);
    const s = await expectOneTruth(w, ideaId, author, {
      stage: "awarded",
      now: "Awarded",
      figure: { label: "Awarded", cents: 2500, note: "Paid out" },
    });
    expect(s.share.description).toMatch(
      /^\$25\.00 awarded to “Video paidvideo01” by .+\. Paid out\./,
    );
  });

  test("refunding, then refunded once Stripe confirmed", async () => {
    const w = moneyWorld();
    const { ideaId, author } = await newIdea(w);
    await paid(w, ideaId, await createUser(w.t), 700);
    await paid(w, ideaId, await createUser(w.t), 300);
    w.stripe.setRefundsPending(true);
    await settle(w, ideaId);
    await expectOneTruth(w, ideaId, author, {
      stage: "refunding",
      now: "Refunding",
      figure: { label: "Refunding", cents: 1000, note: "No eligible video arrived" },
    });

    for (const refund of Object.values(w.stripe.state.refunds))
      w.stripe.succeedRefund(refund.id as string);
    await w.stripe.deliver();
    await runScheduled(w.t);
    const s = await expectOneTruth(w, ideaId, author, {
      stage: "refunded",
      now: "Refunded",
      figure: { label: "Refunded", cents: 1000, note: "No eligible video arrived" },
    });
    // Never "$0.00 bounty" once the money went back.
    expect(s.share.description).toBe(
      "No eligible video arrived: $10.00 was returned to 2 backers.",
    );
  });
});
