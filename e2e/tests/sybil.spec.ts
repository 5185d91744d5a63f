// Issue 27 on the running stack: the people's choice cannot be bought with fresh accounts. Five
// accounts made after the idea was posted vote for one video, three people who had accounts
// before it vote for another; the clock moves through judging, and the money goes where the
// counted votes say (product rules "Votes": 7 days old when the vote was cast). Under the
// earlier rule (7 days old when judging ends) the five fresh votes would have counted and won.
import type { Page } from "@playwright/test";
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
import { creator, DAY, ledgerTotal, submitVideo, voteOnVideo } from "../support/money.js";
import { shoot } from "../support/browser.js";
import { fundIdea } from "../../local/stack/scriptedFlows.js";

test.afterEach(async () => {
  await moveClock(0);
});

/** A video's card on the idea page, found by its title. */
const card = (page: Page, title: string) =>
  page.getByTestId("submission-card").filter({ hasText: title });

test("five fresh accounts do not outvote three established voters for the money", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await startPastCreations();
  const word = uniqueWord();
  // Three people who had accounts before the idea was posted.
  const established = [];
  for (const name of ["Regular Ada", "Regular Ben", "Regular Cy"])
    established.push(await newBackendPerson(name));
  const poster = await newBackendPerson("Idea Poster");
  const ideaId = await postIdea(poster, { oneLiner: `Harbour cranes ${word}`, hoursLeft: 24 });
  const honest = await creator("Creator Hana", true);
  const farmer = await creator("Creator Sid", true);
  const honestTitle = `Cranes at dawn ${word}`;
  const farmedTitle = `Crane montage ${word}`;
  const honestVideo = await submitVideo(honest, ideaId, honestTitle);
  const farmedVideo = await submitVideo(farmer, ideaId, farmedTitle);
  const funder = await newBackendPerson("Funder Fay");
  await fundIdea(funder.client, standInsUrl(), ideaId, 1_000, {
    name: funder.person.name,
    email: funder.person.email,
  });

  // Then five accounts are made for the occasion and vote for the other video at once. Their
  // votes are cast while they are minutes old; when judging ends they will be 8 days old.
  const fresh = [];
  for (let i = 1; i <= 5; i++) fresh.push(await newBackendPerson(`Fresh Account ${i}`));
  for (const voter of established)
    await voter.client.mutation(voteOnVideo, { submissionId: honestVideo.id, vote: 1 });
  for (const voter of fresh)
    await voter.client.mutation(voteOnVideo, { submissionId: farmedVideo.id, vote: 1 });

  // Every vote shows; only the established ones count, and the page says why.
  await page.goto(`/expanded-proposal/${ideaId}`);
  const farmed = card(page, farmedTitle).getByTestId("vote-breakdown");
  const honestVotes = card(page, honestTitle).getByTestId("vote-breakdown");
  await expect(farmed).toContainText("All votes: 5", { timeout: 30_000 });
  await expect(farmed).toContainText("Counted votes: 0");
  await expect(honestVotes).toContainText("All votes: 3");
  await expect(honestVotes).toContainText("Counted votes: 3");
  await farmed.getByText("Which votes count?").click();
  await expect(farmed).toContainText("at least 7 days old when the vote was cast");
  await shoot(page, "sybil-votes");

  // Judging ends a week after the deadline: the fresh accounts are then 8 days old, which the
  // earlier rule (7 days old when judging ends) counted. The money follows the counted votes.
  await moveClock(DAY + 7 * DAY + 3600_000);
  await page.reload();
  const box = page.getByTestId("ledger");
  await expect(box).toContainText(`Awarded to “${honestTitle}” by Creator Hana`, {
    timeout: 60_000,
  });
  await expect(ledgerTotal(page, "Paid out")).toHaveText("$10.00", { timeout: 60_000 });
  await expect(box).not.toContainText(farmedTitle);
  await shoot(page, "sybil-awarded");

  // Stripe's own books: the $10 went to Creator Hana's account, nothing to Creator Sid's.
  const state = await stripeState();
  const accountOf = (email: string) => state.accounts.find((a) => a.email === email)!.id;
  const paidTo = (email: string) =>
    state.transfers
      .filter((t) => t.destination === accountOf(email))
      .reduce((sum, t) => sum + t.amount, 0);
  expect(paidTo(honest.person.email)).toBe(1_000);
  expect(paidTo(farmer.person.email)).toBe(0);
});
