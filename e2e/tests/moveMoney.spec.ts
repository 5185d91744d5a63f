// Money follows its backer's intent (issue 36), in the browser on the stack with the clock moved:
// an idea ends with no video; one backer, who chose "let me move it to another idea", moves their
// money to another idea, whose winner is then paid it from the same charge; another backer's
// choice times out after a week and is refunded. Both ideas' money boxes show the move.
import type { Page } from "@playwright/test";
import { makeFunctionReference } from "convex/server";
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
import { chargeOfSession, creator, DAY, ledgerTotal, submitVideo } from "../support/money.js";
import { shoot, signInBrowser } from "../support/browser.js";
import { fundIdea } from "../../local/stack/scriptedFlows.js";

const bySession = makeFunctionReference<"query">("contributions:bySession");
const setIfNobodyDelivers = makeFunctionReference<"mutation">("moves:setIfNobodyDelivers");

const toast = (page: Page, text: string | RegExp) =>
  page.locator("[data-sonner-toast]").filter({ hasText: text });

async function books() {
  const response = await fetch(`${standInsUrl()}/__control/stripe/books`);
  return (await response.json()) as {
    charges: {
      id: string;
      amount: number;
      refundedSucceeded: number;
      refundPending: number;
      transferred: number;
      disputeOpen: number;
      lost: number;
    }[];
  };
}

test.afterEach(async () => {
  await moveClock(0);
});

test("an idea ends with no video: one backer moves their money to another idea whose winner is paid it; another's choice times out and is refunded", async ({
  page,
}) => {
  test.setTimeout(300_000);
  await startPastCreations();
  const word = uniqueWord();
  const posterA = await newBackendPerson("Poster Ada");
  const source = `Tide pools ${word}`;
  const sourceId = await postIdea(posterA, { oneLiner: source, hoursLeft: 48 });
  const posterB = await newBackendPerson("Poster Ben");
  const destination = `Salt marsh birds ${word}`;
  const destinationId = await postIdea(posterB, { oneLiner: destination, hoursLeft: 24 * 5 });
  const winner = await creator("Creator Wren", true);
  await submitVideo(winner, destinationId, `Marsh at dawn ${word}`);

  // Two backers of the first idea, both choosing to move their money if nobody delivers.
  const mover = await newBackendPerson("Mover Mia");
  const moverSession = await fundIdea(mover.client, standInsUrl(), sourceId, 2000, mover.person);
  const waiter = await newBackendPerson("Waiter Walt");
  const waiterSession = await fundIdea(waiter.client, standInsUrl(), sourceId, 1200, waiter.person);
  type Confirmation = {
    backer: { contributionId: string } | null;
    contribution: { status: string };
  } | null;
  const confirmationOf = async () =>
    (await waiter.client.query(bySession, { sessionId: waiterSession })) as Confirmation;
  await expect
    .poll(async () => (await confirmationOf())?.contribution.status, { timeout: 30_000 })
    .toBe("paid");
  const waiterContribution = (await confirmationOf())!.backer!.contributionId;
  await waiter.client.mutation(setIfNobodyDelivers, {
    contributionId: waiterContribution,
    choice: "move",
  });
  // The mover chooses on their contribution page.
  await signInBrowser(page, mover.person);
  await page.goto(`/contribution/${moverSession}`);
  await page.getByRole("radio", { name: "Let me move it to another idea" }).check();
  await expect(toast(page, "Saved")).toBeVisible();

  // The deadline passes with no video: the money waits a week for its backers.
  await moveClock(2 * DAY + 3600_000);
  // The browser's session outlives the two days (it renews as it is used).
  await page.goto("/profile");
  const row = page.getByTestId("my-bounty").filter({ hasText: source });
  await expect(row).toContainText("Nobody delivered", { timeout: 30_000 });
  await row.getByRole("link", { name: "Choose an idea" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Move your money to another idea" }),
  ).toBeVisible();
  await expect(page.getByText(/Pick an open idea for your \$20\.00 by/)).toBeVisible();
  await page.getByRole("searchbox", { name: "Search open ideas" }).fill(word);
  await page.getByRole("searchbox", { name: "Search open ideas" }).press("Enter");
  const option = page.getByTestId("move-destination").filter({ hasText: destination });
  await expect(option).toBeVisible({ timeout: 30_000 });
  await shoot(page, "move-flow");
  await option.getByRole("button", { name: `Move $20.00 to ${destination}` }).click();
  await page.getByRole("button", { name: "Move my money" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Moved" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "now backs" })).toContainText(
    `now backs “${destination}”`,
  );
  await shoot(page, "move-done");

  // Both money boxes show the move with its date.
  await page.goto(`/expanded-proposal/${sourceId}`);
  await expect(ledgerTotal(page, "Moved to other ideas")).toHaveText("$20.00", { timeout: 30_000 });
  await expect(page.getByTestId("ledger")).toContainText(`Moved by its backer to “${destination}”`);
  await page.goto(`/expanded-proposal/${destinationId}`);
  await expect(ledgerTotal(page, "Moved in from other ideas")).toHaveText("$20.00");
  await expect(page.getByTestId("ledger")).toContainText(
    `Moved here by its backer from “${source}”`,
  );
  await expect(page.getByTestId("bounty-amount")).toHaveText("$20.00");

  // A week later the other backer's money, never moved, is refunded.
  await moveClock(2 * DAY + 8 * DAY);
  const waiterCharge = await chargeOfSession(waiterSession);
  await expect
    .poll(
      async () =>
        (await stripeState()).refunds.filter(
          (r) => r.charge === waiterCharge.id && r.status === "succeeded",
        ).length,
      { timeout: 60_000 },
    )
    .toBe(1);

  // The destination's judging ends: its winner is paid the moved money from the original charge.
  await moveClock(5 * DAY + 7 * DAY + 3600_000);
  const moverCharge = await chargeOfSession(moverSession);
  await expect
    .poll(async () => (await books()).charges.find((c) => c.id === moverCharge.id)?.transferred, {
      timeout: 60_000,
    })
    .toBe(2000);
  await page.goto(`/expanded-proposal/${destinationId}`);
  await expect(ledgerTotal(page, "Paid out")).toHaveText("$20.00", { timeout: 30_000 });
  // The stand-in's books balance: the mover's charge went to the winner, the waiter's back.
  const final = await books();
  const charge = (id: string) => final.charges.find((c) => c.id === id)!;
  expect(charge(moverCharge.id)).toMatchObject({
    amount: 2000,
    transferred: 2000,
    refundedSucceeded: 0,
  });
  expect(charge(waiterCharge.id)).toMatchObject({
    amount: 1200,
    transferred: 0,
    refundedSucceeded: 1200,
  });
});
