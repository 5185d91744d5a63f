// Issues 27 and 38 on the running stack: the people's choice cannot be bought with patience.
// Three people had accounts for a while before the idea was posted; five accounts are made
// while it is open and wait until they are 7 days old to vote, during judging. Only votes from
// accounts made before the idea was posted and 7 days old when cast count (product rules
// "Votes"): the five show in the totals and count for nothing, and the money follows the three.
// (With "made before the idea OR 7 days old", the five counted 5 against 3 and won the $10.)
import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures.js";
import {
  moveClock,
  newBackendPerson,
  postIdea,
  signInAgain,
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

test("five accounts made while the idea was open and aged 7 days do not outvote three established voters for the money", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await startPastCreations();
  const word = uniqueWord();
  // Three people whose accounts are 8 days old when the idea is posted.
  const established = [];
  for (const name of ["Regular Ada", "Regular Ben", "Regular Cy"])
    established.push(await newBackendPerson(name));
  await moveClock(8 * DAY);
  const poster = await newBackendPerson("Idea Poster");
  // The deadline is a day away; judging then runs for a week.
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
  for (const voter of established)
    await (
      await signInAgain(voter)
    ).client.mutation(voteOnVideo, {
      submissionId: honestVideo.id,
      vote: 1,
    });

  // Five accounts are made for the occasion while the idea is open...
  const fresh = [];
  for (let i = 1; i <= 5; i++) fresh.push(await newBackendPerson(`Fresh Account ${i}`));
  // ...and vote once they are 7 days old and a half: judging has started (a day after the
  // posting) and runs until 8 days after it.
  await moveClock(8 * DAY + 7.5 * DAY);
  for (const voter of fresh)
    await (
      await signInAgain(voter)
    ).client.mutation(voteOnVideo, {
      submissionId: farmedVideo.id,
      vote: 1,
    });

  // Every vote shows; only the established ones count, and the page says why.
  await page.goto(`/expanded-proposal/${ideaId}`);
  const farmed = card(page, farmedTitle).getByTestId("vote-breakdown");
  const honestVotes = card(page, honestTitle).getByTestId("vote-breakdown");
  await expect(farmed).toContainText("All votes: 5", { timeout: 30_000 });
  await expect(farmed).toContainText("Counted votes: 0");
  await expect(honestVotes).toContainText("All votes: 3");
  await expect(honestVotes).toContainText("Counted votes: 3");
  await farmed.getByText("Which votes count?").click();
  await expect(farmed).toContainText("existed before the idea was posted");
  await expect(farmed).toContainText("at least 7 days old when the vote was cast");
  await shoot(page, "sybil-votes");

  // Judging ends; the money follows the counted votes.
  await moveClock(8 * DAY + DAY + 7 * DAY + 3600_000);
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
