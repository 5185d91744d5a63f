// Money through the Stripe stand-in: funding signed out with the live confirmation page, a
// declined card and a cancelled checkout, a late bank payment, and settlement driven to its time
// by moving the local stack's clock (an admin API of the local runtime, not a public function).
import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "../support/fixtures.js";
import {
  convexUrl,
  fn,
  moveClock,
  startPastCreations,
  newBackendPerson,
  postIdea,
  standInsUrl,
  uniqueWord,
  type Backend,
} from "../support/backend.js";
import { ConvexHttpClient } from "convex/browser";
import { connectYouTube, fundIdea, uploadYouTubeVideo } from "../../local/stack/scriptedFlows.js";
import { signInBrowser } from "../support/browser.js";

const DAY = 24 * 3600 * 1000;

const toast = (page: Page, text: string) =>
  page.locator("[data-sonner-toast]").filter({ hasText: text });
const totalBounty = (page: Page) => page.getByTestId("bounty-amount");
const ledgerTotal = (page: Page, label: string) =>
  page
    .getByTestId("ledger-total")
    .filter({ has: page.locator("dt", { hasText: label }) })
    .locator("dd");

/** From an idea page: 'Fund This Bounty' to the stand-in's hosted checkout page. */
async function openCheckout(page: Page) {
  await page.getByRole("button", { name: "Fund This Bounty" }).click();
  await expect(page.getByRole("heading", { name: "Pay $5.00 to Bounties" })).toBeVisible();
}

async function fillPayer(page: Page, payer: { email: string; name: string }) {
  await page.getByLabel("Email").fill(payer.email);
  await page.getByLabel("Name on card").fill(payer.name);
}

/** Where the idea's bounty stands on the server (anyone may read it). */
async function bountyOf(ideaId: string): Promise<number> {
  const client = new ConvexHttpClient(convexUrl(), { logger: false });
  const idea = (await client.query(fn.getIdea, { ideaId: ideaId })) as { bountyCents: number };
  return idea.bountyCents;
}

test("a signed-out visitor funds $5 and the confirmation shows the payment while another browser's bounty moves", async ({
  page,
  newPerson,
  visit,
}) => {
  const word = uniqueWord();
  const poster = await newBackendPerson("Idea Poster");
  const title = `Bridges of Lisbon ${word}`;
  const ideaId = await postIdea(poster, { oneLiner: title });

  const watcher = await newPerson();
  await visit(watcher, `/expanded-proposal/${ideaId}`);
  await expect(totalBounty(watcher)).toHaveText("$0.00");

  await visit(page, `/expanded-proposal/${ideaId}`);
  await openCheckout(page);
  await fillPayer(page, { email: "ines@example.com", name: "Inês Duarte" });
  await page.getByLabel("Country").selectOption("CA");
  await page.getByRole("button", { name: "Pay", exact: true }).click();

  await expect(page).toHaveURL(/\/contribution\/cs_/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    `You contributed $5.00 to the proposal: ${title}`,
  );
  const status = page.getByTestId("contribution-status");
  await expect(status.getByRole("heading", { name: "Payment successful!" })).toBeVisible();
  await expect(status).toContainText("Inês Duarte");
  await expect(status).toContainText("ines@example.com");
  await expect(status).toContainText("Canada");
  await expect(status).toContainText("Paid");
  await expectAccessible(page, "the contribution page");

  // The other browser's bounty and ledger moved by themselves.
  await expect(totalBounty(watcher)).toHaveText("$5.00");
  await expect(ledgerTotal(watcher, "Contributed")).toHaveText("$5.00");
  expect(await bountyOf(ideaId)).toBe(500);
});

test("a declined card and a cancelled checkout leave nothing paid", async ({ page, visit }) => {
  const word = uniqueWord();
  const poster = await newBackendPerson("Idea Poster");
  const ideaId = await postIdea(poster, { oneLiner: `Rooftop gardens ${word}` });

  await visit(page, `/expanded-proposal/${ideaId}`);
  await openCheckout(page);
  await fillPayer(page, { email: "sam@example.com", name: "Sam Okafor" });
  await page.getByLabel("Card number").fill("4000 0000 0000 0002");
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText("Your card was declined.");

  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(new RegExp(`/expanded-proposal/${ideaId}`));
  await expect(page.getByText("Checkout cancelled — nothing was charged.")).toBeVisible();
  await expect(totalBounty(page)).toHaveText("$0.00");
  await expect(ledgerTotal(page, "Contributed")).toHaveText("$0.00");
  expect(await bountyOf(ideaId)).toBe(0);
});

test("a late bank payment shows as processing, then flips to successful by itself", async ({
  page,
  visit,
}) => {
  const word = uniqueWord();
  const poster = await newBackendPerson("Idea Poster");
  const ideaId = await postIdea(poster, { oneLiner: `Desert night skies ${word}` });

  await visit(page, `/expanded-proposal/${ideaId}`);
  await openCheckout(page);
  await fillPayer(page, { email: "lee@example.com", name: "Lee Park" });
  await page.getByRole("button", { name: "Pay later (bank transfer)" }).click();

  await expect(page).toHaveURL(/\/contribution\/cs_/);
  await expect(page.getByRole("heading", { name: "Payment status: processing" })).toBeVisible();
  expect(await bountyOf(ideaId)).toBe(0);
  // The stand-in settles the transfer after STRIPE_ASYNC_DELAY_MS (8 s) and sends the webhook.
  await expect(page.getByRole("heading", { name: "Payment successful!" })).toBeVisible({
    timeout: 30_000,
  });
  expect(await bountyOf(ideaId)).toBe(500);
});

async function waitForBounty(ideaId: string, cents: number) {
  await expect.poll(() => bountyOf(ideaId), { timeout: 15_000 }).toBe(cents);
}

test("settlement at its time refunds an idea nobody delivered and pays the picked winner's creator", async ({
  page,
  newPerson,
}) => {
  test.setTimeout(120_000);
  await startPastCreations();
  const word = uniqueWord();
  const poster = await newBackendPerson("Idea Poster");
  const emptyIdea = await postIdea(poster, {
    oneLiner: `Abandoned castles ${word}`,
    hoursLeft: 24,
  });
  const wonIdea = await postIdea(poster, {
    oneLiner: `Glass blowing up close ${word}`,
    hoursLeft: 24,
  });

  // A signed-in contributor funds both ideas (the default payout: they pick the winner).
  const funder: Backend = await newBackendPerson("Funder Mia");
  const payer = { name: funder.person.name, email: funder.person.email };
  await fundIdea(funder.client, standInsUrl(), emptyIdea, 1_000, payer);
  await fundIdea(funder.client, standInsUrl(), wonIdea, 2_500, payer);
  await waitForBounty(emptyIdea, 1_000);
  await waitForBounty(wonIdea, 2_500);

  // A creator with a connected channel submits a video to one of them.
  const creator = await newBackendPerson("Creator Ola", "Creator");
  await connectYouTube(creator.client, creator.person);
  const url = await uploadYouTubeVideo(standInsUrl(), creator.person.email, {
    title: `Glass studio one take ${word}`,
    durationSeconds: 150,
  });
  await creator.client.action(fn.submitVideo, { ideaId: wonIdea, link: url });

  // The creator sets up payouts in the browser on the stand-in's Connect onboarding.
  const creatorPage = await newPerson();
  await signInBrowser(creatorPage, creator.person);
  await creatorPage.goto("/profile?tab=settings");
  await creatorPage.getByRole("button", { name: "Set up payouts" }).click();
  await creatorPage.getByRole("button", { name: "Complete setup" }).click();
  await expect(creatorPage).toHaveURL(/\/profile\?tab=settings/);
  await expect(creatorPage.getByText("Payouts are set up")).toBeVisible();

  // The contributor picks the video as the winner on the idea page.
  await signInBrowser(page, funder.person);
  await page.goto(`/expanded-proposal/${wonIdea}`);
  const card = page
    .getByTestId("submission-card")
    .filter({ hasText: `Glass studio one take ${word}` });
  await card.getByRole("button", { name: /^Pick as winner/ }).click();
  await expect(toast(page, "Winner picked. Your contribution goes to this video.")).toBeVisible();
  await expect(card.getByText("Your pick")).toBeVisible();

  try {
    // Past the deadline and the week of judging: the ideas close, then settle.
    await moveClock(DAY + 7 * DAY + 3600_000);
    await expect(page.getByTestId("ledger-winner")).toContainText(/: \$25\.00 — paid on /, {
      timeout: 30_000,
    });
    await expect(ledgerTotal(page, "Paid out")).toHaveText("$25.00", { timeout: 30_000 });
    await expect(ledgerTotal(page, "Refunded")).toHaveText("$0.00");

    await page.goto(`/expanded-proposal/${emptyIdea}`);
    await expect(ledgerTotal(page, "Refunded")).toHaveText("$10.00", { timeout: 30_000 });
    await expect(page.getByTestId("ledger-winner")).toHaveCount(0);
    await expect(page.locator('[data-testid="ledger-entry"][data-kind="refunded"]')).toContainText(
      "$10.00",
    );

    // The creator's award moved: paid, with its date.
    await expect(creatorPage.locator('[data-testid="award"][data-status="paid"]')).toContainText(
      /Paid \$25\.00 on /,
      {
        timeout: 30_000,
      },
    );
  } finally {
    await moveClock(0);
  }
});
