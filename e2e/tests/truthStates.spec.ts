// One idea in each state, in Chromium (issue 28): open, judging, judging with no video that can
// win, awarded and waiting for the winner's payout account, awarded and paid, refunding and
// refunded. For each, the card, the idea page and the share page say the same words for now
// and the same amount. With E2E_SHOTS=dir: the idea page and the card at 1280 and 390 px,
// light and dark, and the share image, for people to look at.
import { mkdirSync, writeFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { makeFunctionReference } from "convex/server";
import { expect, test } from "../support/fixtures.js";
import {
  fn,
  moveClock,
  stackNow,
  startPastCreations,
  newBackendPerson,
  postIdea,
  standInsUrl,
  stripeState,
  uniqueWord,
  type Backend,
} from "../support/backend.js";
import {
  connectYouTube,
  control,
  fundIdea,
  uploadYouTubeVideo,
} from "../../local/stack/scriptedFlows.js";
import { shoot, shotsFolder } from "../support/browser.js";

const DAY = 24 * 3600 * 1000;
const startOnboarding = makeFunctionReference<"action">("payouts:startOnboarding");
const shots = shotsFolder();

const longDate = (ms: number) =>
  new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric" }).format(ms);

async function creator(name: string, payouts: boolean): Promise<Backend> {
  const who = await newBackendPerson(name, "Creator");
  await connectYouTube(who.client, who.person);
  if (payouts) {
    await who.client.action(startOnboarding, {});
    const account = (await stripeState()).accounts.find((a) => a.email === who.person.email)!;
    await control(standInsUrl(), `/__control/stripe/accounts/${account.id}/complete`, {});
  }
  return who;
}

async function submit(who: Backend, ideaId: string, title: string) {
  const url = await uploadYouTubeVideo(standInsUrl(), who.person.email, {
    title,
    durationSeconds: 12 * 60,
  });
  await who.client.action(fn.submitVideo, { ideaId: ideaId, link: url });
}

async function fund(ideaId: string, ...amounts: number[]) {
  for (const amount of amounts) {
    const backer = await newBackendPerson("Backer Bo");
    await fundIdea(backer.client, standInsUrl(), ideaId, amount, backer.person);
  }
}

interface Expect {
  /** What is happening now, beside "Completed" (the expiry label while open). */
  now: string;
  amount: string;
  note?: string;
}

/** The card, the idea page and the share page of one idea say the same. */
async function expectOneTruth(page: Page, word: string, ideaId: string, state: string, e: Expect) {
  await page.goto(`/search?q=${word}`);
  const card = page.getByRole("article").filter({
    has: page.locator(`a[href="/expanded-proposal/${ideaId}"]`),
  });
  await expect(card.getByText(e.now, { exact: true }).first()).toBeVisible({ timeout: 30_000 });
  await expect(card.getByText(e.amount, { exact: true })).toBeVisible();
  if (e.note) await expect(card.getByText(e.note, { exact: true })).toBeVisible();
  await expect(card.getByText(/Winner chosen|\$0\.00 paid out/)).toHaveCount(0);
  await shoot(page, `card-${state}`, card);

  await page.goto(`/expanded-proposal/${ideaId}`);
  const main = page.getByRole("article").filter({ has: page.getByRole("heading", { level: 1 }) });
  await expect(main.getByText(e.now, { exact: true }).first()).toBeVisible({ timeout: 30_000 });
  await expect(main.getByText(e.amount, { exact: true }).first()).toBeVisible();
  if (e.note) await expect(main.getByText(e.note, { exact: true }).first()).toBeVisible();
  await expect(main.getByText(/Winner chosen|\$0\.00 paid out/)).toHaveCount(0);
  await shoot(page, `idea-${state}`);

  const share = await (await page.request.get(`/share/${ideaId}`, { maxRedirects: 0 })).text();
  const alt = share.match(/<meta property="og:image:alt" content="([^"]*)"/)?.[1] ?? "";
  expect(alt.replace(/&amp;/g, "&")).toContain(e.now);
  const image = share.match(/<meta property="og:image" content="([^"]+)"/)![1]!;
  const png = await page.request.get(image.replace(/&amp;/g, "&"));
  expect(png.headers()["content-type"]).toBe("image/png");
  if (shots) writeFileSync(`${shots}/share-${state}.png`, await png.body());
}

test.afterEach(async () => {
  await moveClock(0);
  await control(standInsUrl(), "/__control/stripe/settings", { refundsPending: false });
});

test("one idea in each state: the card, the idea page and the share page say the same", async ({
  page,
}) => {
  test.setTimeout(420_000);
  // Earlier journeys moved the clock: start past every creation time, so videos are
  // published after their idea on every clock.
  await startPastCreations();
  // The browser counts days left from its own clock: the stack's time, as a visitor's would be.
  await page.clock.setSystemTime(stackNow());
  if (shots) mkdirSync(shots, { recursive: true });
  const word = uniqueWord();
  const posters = [await newBackendPerson("Poster Pat"), await newBackendPerson("Poster Pia")];
  const post = (i: number, title: string, hoursLeft = 24) =>
    postIdea(posters[i % 2]!, {
      oneLiner: `${title} ${word}`,
      hoursLeft,
      platform: "YouTube",
      durations: ["MEDIUM", "LONG"],
    });
  const open = await post(0, "Lighthouses of Maine", 20 * 24);
  const judging = await post(1, "Night ferries of Lisbon");
  const noVideo = await post(0, "Bread baked on a campfire");
  const waiting = await post(1, "Tram 28 end to end");
  const paid = await post(0, "Rooftops of Porto");
  const refunding = await post(1, "Tide pools at dawn");
  const refunded = await post(0, "Every bridge of Paris");

  const payable = await creator("Creator Kai", true);
  const absent = await creator("Creator Lena", false);
  await submit(payable, judging, `Crossing at midnight ${word}`);
  await submit(absent, waiting, `The whole line in one take ${word}`);
  await submit(payable, paid, `Tiles and terraces ${word}`);
  await fund(open, 5_000, 20_000);
  await fund(judging, 12_000);
  await fund(noVideo, 900);
  await fund(waiting, 2_500);
  await fund(paid, 500, 2_000);
  await fund(refunding, 1_300);
  await fund(refunded, 1_700);

  const idea = (await posters[0]!.client.query(fn.getIdea, { ideaId: judging })) as {
    expiration: number;
  };
  const judgingEnds = longDate(idea.expiration + 7 * DAY);
  const claimEnds = longDate(idea.expiration + 37 * DAY);

  await expectOneTruth(page, word, open, "open", { now: "20 days left", amount: "$250.00" });

  // The deadline passes: judging, and an idea no video can win is refunded from now on.
  await control(standInsUrl(), "/__control/stripe/settings", { refundsPending: true });
  await moveClock(DAY + 3600_000);
  await expectOneTruth(page, word, judging, "judging", {
    now: `Judging until ${judgingEnds}`,
    amount: "$120.00",
    note: `Winner to be announced ${judgingEnds}`,
  });
  await expectOneTruth(page, word, noVideo, "judging-no-video", {
    now: "Refunding",
    amount: "$9.00",
    note: "No eligible video arrived",
  });

  // Judging ends: the awards and the refunds.
  await moveClock(8 * DAY + 3600_000);
  await expectOneTruth(page, word, waiting, "awarded-waiting", {
    now: "Awarded",
    amount: "$25.00",
    note: `Waiting for Creator Lena to set up payouts (until ${claimEnds})`,
  });
  await expectOneTruth(page, word, paid, "awarded-paid", {
    now: "Awarded",
    amount: "$25.00",
    note: "Paid out",
  });
  await expectOneTruth(page, word, refunding, "refunding", {
    now: "Refunding",
    amount: "$13.00",
    note: "No eligible video arrived",
  });
  // Stripe confirms one idea's refunds.
  const charge = (await stripeState()).charges.filter((c) => c.amount === 1_700).at(-1)!;
  let refundId: string | undefined;
  await expect
    .poll(async () => {
      refundId = (await stripeState()).refunds.find((r) => r.charge === charge.id)?.id;
      return refundId;
    })
    .toBeTruthy();
  await control(standInsUrl(), `/__control/stripe/refunds/${refundId}/succeed`, {});
  await expectOneTruth(page, word, refunded, "refunded", {
    now: "Refunded",
    amount: "$17.00",
    note: "No eligible video arrived",
  });
});
