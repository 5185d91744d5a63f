// How money ends, in the browser: an award that passes to the runner-up when its creator never
// sets up payouts, a dispute that freezes an idea's money, a failed refund on the operator page,
// and an operator page nobody else can open. Time moves through the local stack's admin clock.
import { expect, test } from "../support/fixtures.js";
import {
  moveClock,
  newBackendPerson,
  postIdea,
  runAsAdmin,
  standInsUrl,
  startPastCreations,
  stripeState,
  transfersOf,
  uniqueWord,
} from "../support/backend.js";
import {
  creator,
  DAY,
  leadingVideoAndABacker,
  ledgerTotal,
  submitVideo,
} from "../support/money.js";
import { signInBrowser } from "../support/browser.js";
import { control, fundIdea } from "../../local/stack/scriptedFlows.js";

/** The charge of the latest payment of `amount` cents. */
async function chargeOf(amount: number) {
  const charges = (await stripeState()).charges.filter((c) => c.amount === amount);
  return charges[charges.length - 1]!;
}

test.afterEach(async () => {
  await moveClock(0);
});

test("a winning creator who never sets up payouts loses the award to the runner-up after the claim window", async ({
  page,
}) => {
  test.setTimeout(180_000);
  // Earlier journeys moved the clock forward, and creation times never go back: start later
  // than any of them, so the videos are published after the idea on every clock.
  await startPastCreations();
  const word = uniqueWord();
  const poster = await newBackendPerson("Idea Poster");
  // A day to go on the moved clock (the helper counts from this process's real clock).
  const ideaId = await postIdea(poster, {
    oneLiner: `Night trains ${word}`,
    hoursLeft: 24,
  });
  const absent = await creator("Creator Absent", false);
  const ready = await creator("Creator Ready", true);
  const voter = await newBackendPerson("Voter Vic");
  const backer = await newBackendPerson("Funder Fay");
  await leadingVideoAndABacker(
    ideaId,
    { leading: absent, other: ready, voter, backer },
    { leading: `Sleeper car tour ${word}`, other: `Overnight to Vienna ${word}` },
    2_000,
  );

  // Judging ends: the most voted video wins, but its creator cannot be paid yet.
  await moveClock(DAY + 7 * DAY + 3600_000);
  await page.goto(`/expanded-proposal/${ideaId}`);
  const box = page.getByTestId("ledger");
  await expect(box).toContainText(`$20.00 is waiting for Creator Absent to set up payouts until`, {
    timeout: 30_000,
  });
  await expect(box).toContainText(`“Sleeper car tour ${word}”`);
  await expect(box).not.toContainText("on its way");
  expect((await transfersOf(ideaId)).filter((t) => t.amount === 2_000)).toHaveLength(0);

  // Thirty days later the award passes to the runner-up, whose creator is payable.
  await moveClock(DAY + 37 * DAY + 3600_000);
  await page.reload();
  await expect(box).toContainText(`Awarded to “Overnight to Vienna ${word}” by Creator Ready`, {
    timeout: 30_000,
  });
  await expect(ledgerTotal(page, "Paid out")).toHaveText("$20.00", { timeout: 30_000 });
  await expect(box).toContainText(
    `The award to “Sleeper car tour ${word}” went unclaimed and passed on`,
  );
});

test("a dispute opened at Stripe shows on the idea page and stops the transfer", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await startPastCreations();
  const word = uniqueWord();
  const poster = await newBackendPerson("Idea Poster");
  const ideaId = await postIdea(poster, { oneLiner: `Harbour cranes ${word}`, hoursLeft: 24 });
  const ready = await creator("Creator Ready", true);
  await submitVideo(ready, ideaId, `Crane operator's day ${word}`);
  const funder = await newBackendPerson("Funder Dee");
  await fundIdea(funder.client, standInsUrl(), ideaId, 1_700, {
    name: funder.person.name,
    email: funder.person.email,
  });
  await page.goto(`/expanded-proposal/${ideaId}`);
  await expect(ledgerTotal(page, "Contributed")).toHaveText("$17.00", { timeout: 30_000 });

  const charge = await chargeOf(1_700);
  await control(standInsUrl(), `/__control/stripe/charges/${charge.id}/dispute`, {});
  await expect(ledgerTotal(page, "Disputed")).toHaveText("$17.00", { timeout: 30_000 });

  // Judging ends while the dispute is open: nothing is transferred.
  await moveClock(DAY + 7 * DAY + 3600_000);
  await page.reload();
  await expect(ledgerTotal(page, "Disputed")).toHaveText("$17.00", { timeout: 30_000 });
  await expect(ledgerTotal(page, "Paid out")).toHaveText("$0.00");
  await page.waitForTimeout(2_000);
  expect((await transfersOf(ideaId)).filter((t) => t.amount === 1_700)).toHaveLength(0);
});

test("the operator page lists a failed refund; a stranger cannot open it", async ({
  page,
  newPerson,
}) => {
  test.setTimeout(120_000);
  const word = uniqueWord();
  const poster = await newBackendPerson("Idea Poster");
  const ideaId = await postIdea(poster, { oneLiner: `Empty stadiums ${word}`, hoursLeft: 24 });
  const funder = await newBackendPerson("Funder Ray");
  await fundIdea(funder.client, standInsUrl(), ideaId, 1_300, {
    name: funder.person.name,
    email: funder.person.email,
  });
  // No video arrives: settlement refunds the money; the refund then fails at the bank.
  await moveClock(DAY + 7 * DAY + 3600_000);
  let refundId: string | undefined;
  await expect
    .poll(
      async () => {
        const charge = await chargeOf(1_300);
        refundId = (await stripeState()).refunds.find((r) => r.charge === charge.id)?.id;
        return refundId !== undefined;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  await control(standInsUrl(), `/__control/stripe/refunds/${refundId}/fail`, {});

  const ops = await newBackendPerson("Operator Olu");
  await runAsAdmin("mutation", "operator:grantAdmin", { email: ops.person.email });
  await signInBrowser(page, ops.person);
  await page.goto("/operator");
  const attention = page.locator("table").filter({ hasText: "Attempts" }).first();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText(`Empty stadiums ${word}`).first()).toBeVisible({ timeout: 30_000 });
  await expect(attention).toContainText("$13.00");

  // Signed out, or signed in without the role: the page does not exist for them.
  const stranger = await newPerson();
  await stranger.goto("/operator");
  await expect(stranger.getByText(`Empty stadiums ${word}`)).toHaveCount(0);
  await expect(stranger.getByRole("heading", { name: /not found|can't find/i })).toBeVisible();
  const someone = await newBackendPerson("Someone Else");
  await signInBrowser(stranger, someone.person);
  await stranger.goto("/operator");
  await expect(stranger.getByRole("heading", { name: /not found|can't find/i })).toBeVisible();
  await expect(stranger.getByText(`Empty stadiums ${word}`)).toHaveCount(0);
});
