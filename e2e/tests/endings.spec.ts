// How each idea ends, in the browser: a judging idea says who decides, until when, and which
// video leads; once settled, the winner's banner and ribbon, the creator's "set up payouts by"
// in the inbox and by email; an idea without videos says how much Stripe returned to how many
// backers; the completed list shows each outcome instead of a bounty. Time moves through the
// local stack's admin clock.
import { expect, test } from "../support/fixtures.js";
import {
  moveClock,
  startPastCreations,
  newBackendPerson,
  postIdea,
  standInsUrl,
  uniqueWord,
  fn,
} from "../support/backend.js";
import { connectYouTube, fundIdea, uploadYouTubeVideo } from "../../local/stack/scriptedFlows.js";
import { signInBrowser, shoot } from "../support/browser.js";

const DAY = 24 * 3600 * 1000;

test.afterEach(async () => {
  await moveClock(0);
});

test("a judging idea names who decides and the leader; settled, the winner is shown and told to set up payouts", async ({
  page,
  newPerson,
}) => {
  test.setTimeout(180_000);
  await startPastCreations();
  const word = uniqueWord();
  const title = `Night ferries ${word}`;
  const poster = await newBackendPerson("Idea Poster");
  const ideaId = await postIdea(poster, { oneLiner: title, hoursLeft: 24 });
  const creator = await newBackendPerson("Creator Lena", "Creator");
  await connectYouTube(creator.client, creator.person);
  const url = await uploadYouTubeVideo(standInsUrl(), creator.person.email, {
    title: `Crossing at midnight ${word}`,
    durationSeconds: 60,
  });
  await creator.client.action(fn.submitVideo, { ideaId: ideaId, link: url });
  const funder = await newBackendPerson("Funder Fay");
  await fundIdea(funder.client, standInsUrl(), ideaId, 2_000, funder.person);

  await page.goto(`/expanded-proposal/${ideaId}`);
  await expect(page.getByText("You can earn up to")).toBeVisible({ timeout: 30_000 });
  await shoot(page, "idea-open");

  // The deadline passes: judging.
  await moveClock(DAY + 3600_000);
  await page.goto(`/expanded-proposal/${ideaId}`);
  const banner = page.getByTestId("idea-outcome");
  await expect(banner).toContainText("Judging until", { timeout: 30_000 });
  await expect(banner).toContainText(
    "decide where their own money goes; the rest goes to the most-voted eligible video",
  );
  await expect(banner).toContainText(`Leading now: Crossing at midnight ${word} by Creator Lena`);
  await expect(page.getByText("You can earn up to")).toHaveCount(0);
  await shoot(page, "idea-judging");

  // Judging ends; the creator has no payout account, so the award waits for them.
  await moveClock(DAY + 7 * DAY + 3600_000);
  await page.reload();
  await expect(banner).toContainText("Winner", { timeout: 30_000 });
  await expect(banner).toContainText(`Crossing at midnight ${word}`);
  await expect(banner).toContainText("by Creator Lena");
  await expect(banner).toContainText("$20.00");
  await expect(banner).toContainText("Waiting for Creator Lena to set up payouts (until");
  await expect(
    page.getByRole("region", { name: "Submissions" }).getByText("Winner", { exact: true }),
  ).toBeVisible();
  await shoot(page, "idea-awarded");

  await page.goto("/completed");
  const card = page.getByRole("article").filter({ hasText: title });
  await expect(card.getByTestId("ending-summary")).toContainText("Awarded$20.00", {
    timeout: 30_000,
  });
  await expect(card.getByRole("button", { name: /\+\$5/ })).toHaveCount(0);
  await shoot(page, "completed-list");

  // The creator learns it in the inbox, and by email once the settlement batches are done.
  const creatorPage = await newPerson();
  await signInBrowser(creatorPage, creator.person);
  await creatorPage.goto("/inbox");
  await expect(
    creatorPage.getByText(new RegExp(`Your video .* won \\$20\\.00 on .*Set up payouts by`)),
  ).toBeVisible({ timeout: 30_000 });
  await shoot(creatorPage, "inbox");
  await creatorPage.goto("/profile?tab=submissions");
  await expect(creatorPage.getByTestId("submission-status")).toHaveText("Status: Won", {
    timeout: 30_000,
  });
  await shoot(creatorPage, "profile-submissions");
  await creatorPage.goto("/profile?tab=bounties");
  await expect(creatorPage.getByText("Ideas you backed")).toBeVisible();
  await shoot(creatorPage, "profile-bounties-creator");
  await moveClock(DAY + 7 * DAY + 3600_000 + 5 * 60_000);
  const mail = await newPerson();
  await mail.goto(`${standInsUrl()}/resend/mailbox`);
  const email = mail
    .locator("article")
    .filter({ hasText: `Your video was picked or won: ${title}` })
    .filter({ hasText: creator.person.email });
  await expect(async () => {
    await mail.reload();
    await expect(email).toHaveCount(1);
  }).toPass({ timeout: 60_000 });
  await expect(email).toContainText("$20.00");
  await expect(email).toContainText("Set up payouts by");
  await email.scrollIntoViewIfNeeded();
  await shoot(mail, "mailbox");
});

test("an idea without videos says how much Stripe returned, to how many backers", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await startPastCreations();
  const word = uniqueWord();
  const title = `Empty stadiums ${word}`;
  const poster = await newBackendPerson("Idea Poster");
  const ideaId = await postIdea(poster, { oneLiner: title, hoursLeft: 24 });
  const funders = [];
  for (const [name, cents] of [
    ["Funder Ray", 1_300],
    ["Funder Sol", 700],
  ] as const) {
    const funder = await newBackendPerson(name);
    await fundIdea(funder.client, standInsUrl(), ideaId, cents, funder.person);
    funders.push(funder);
  }
  // Past the deadline no video can come any more: the money goes back then, not a week later,
  // and nobody is "choosing the winner".
  await moveClock(DAY + 3600_000);
  await page.goto(`/expanded-proposal/${ideaId}`);
  const banner = page.getByTestId("idea-outcome");
  await expect(banner).toContainText("No eligible video arrived — $20.00 returned to 2 backers", {
    timeout: 30_000,
  });
  await expect(page.getByText("Choosing the winner")).toHaveCount(0);
  await expect(page.getByText("You can earn up to")).toHaveCount(0);
  await shoot(page, "idea-refunded");
  await page.goto("/completed");
  const card = page.getByRole("article").filter({ hasText: title });
  await expect(card.getByTestId("ending-summary")).toContainText("Refunded$20.00", {
    timeout: 30_000,
  });
  await expect(card).toContainText("No eligible video arrived");
  await expect(card).not.toContainText("$0.00");

  // The backer's profile lists the idea they backed, with where their own money is.
  await signInBrowser(page, funders[0]!.person);
  await page.goto("/profile?tab=bounties");
  const backed = page.getByRole("region", { name: "Ideas you backed" });
  const row = backed.getByTestId("my-bounty").filter({ hasText: title });
  await expect(row.getByTestId("fate")).toContainText("$13.00 refunded on", { timeout: 30_000 });
  await shoot(page, "profile-bounties-backer");
});
