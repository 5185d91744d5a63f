// Issue 28 on the stack: one win is one payout line and one "A payout was sent" email, however
// many payments funded it; a checkout left before paying reads "Not finished" in My Bounties.
import { expect, test } from "../support/fixtures.js";
import {
  moveClock,
  newBackendPerson,
  postIdea,
  standInsUrl,
  startPastCreations,
  stripeState,
  uniqueWord,
} from "../support/backend.js";
import { creator, DAY, submitVideo } from "../support/money.js";
import { shoot, signInBrowser } from "../support/browser.js";
import { fundIdea } from "../../local/stack/scriptedFlows.js";
import { makeFunctionReference } from "convex/server";

const startCheckout = makeFunctionReference<"action">("contributions:startCheckout");

test.afterEach(async () => {
  await moveClock(0);
});

test("a $25 win paid by two payments is one payout line and one email; an abandoned checkout reads 'Not finished'", async ({
  page,
  newPerson,
}) => {
  test.setTimeout(240_000);
  await startPastCreations();
  const word = uniqueWord();
  const poster = await newBackendPerson("Idea Poster");
  const ideaId = await postIdea(poster, { oneLiner: `Tide pools ${word}`, hoursLeft: 24 });
  const other = await postIdea(poster, { oneLiner: `Rock arches ${word}`, hoursLeft: 24 * 20 });
  const maker = await creator("Creator Noor", true);
  const videoTitle = `Low tide walk ${word}`;
  await submitVideo(maker, ideaId, videoTitle);
  const backer = await newBackendPerson("Backer Bo");
  await fundIdea(backer.client, standInsUrl(), ideaId, 500, backer.person);
  const second = await newBackendPerson("Backer Cy");
  await fundIdea(second.client, standInsUrl(), ideaId, 2_000, second.person);
  // Bo opens a checkout for the other idea and leaves Stripe without paying.
  await backer.client.action(startCheckout, { ideaId: other, amountCents: 500 });

  await signInBrowser(page, backer.person);
  await page.goto("/profile?tab=bounties");
  const abandoned = page.locator("li, article, tr").filter({ hasText: `Rock arches ${word}` });
  await expect(abandoned.first()).toContainText(
    "Not finished — $5.00 has not been paid; nothing was charged",
    { timeout: 30_000 },
  );
  await expect(page.getByText("waiting for the payment to be confirmed")).toHaveCount(0);
  await shoot(page, "my-bounties-not-finished");

  // Judging ends; two payments mean two transfers on Stripe, but one win for the creator.
  await moveClock(DAY + 7 * DAY + 3600_000);
  const creatorPage = await newPerson();
  await signInBrowser(creatorPage, maker.person);
  await creatorPage.goto("/profile?tab=settings");
  const lines = creatorPage.getByRole("list", { name: "Your awards" }).getByRole("listitem");
  await expect(lines).toHaveCount(1, { timeout: 60_000 });
  await expect(lines.first()).toContainText(videoTitle);
  await expect(lines.first()).toContainText("$25.00");
  await expect(lines.first()).toContainText(/paid/i, { timeout: 60_000 });
  await shoot(creatorPage, "payout-settings-one-line");
  const account = (await stripeState()).accounts.find((a) => a.email === maker.person.email)!;
  const transfers = (await stripeState()).transfers.filter((t) => t.destination === account.id);
  expect(transfers.map((t) => t.amount).sort((a, b) => a - b)).toEqual([500, 2_000]);

  const mail = await newPerson();
  const sent = mail
    .locator("article")
    .filter({ hasText: `A payout was sent: Tide pools ${word}` })
    .filter({ hasText: maker.person.email });
  await expect(async () => {
    await mail.goto(`${standInsUrl()}/resend/mailbox`);
    await expect(sent).toHaveCount(1);
  }).toPass({ timeout: 60_000 });
  await expect(sent).toContainText("$25.00");
  // A while later there is still just the one.
  await mail.waitForTimeout(3_000);
  await mail.reload();
  await expect(sent).toHaveCount(1);
});
