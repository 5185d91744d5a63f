// Money that went wrong and ends right, in the browser with the stack's clock moved: a refund
// that fails and is redone by the operator from Stripe's Dashboard (refunded once, the creator
// keeps their share), and a winning video deleted on YouTube during judging (the runner-up wins).
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
  chargeOfSession,
  creator,
  DAY,
  leadingVideoAndABacker,
  ledgerTotal,
  submitVideo,
} from "../support/money.js";
import { shoot, signInBrowser } from "../support/browser.js";
import { control, fundIdea } from "../../local/stack/scriptedFlows.js";

test.afterEach(async () => {
  await moveClock(0);
});

test("a refund fails and the operator redoes it: refunded once everywhere, and the creator keeps their share", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await startPastCreations();
  const word = uniqueWord();
  const poster = await newBackendPerson("Idea Poster");
  const ideaId = await postIdea(poster, { oneLiner: `Tide clocks ${word}`, hoursLeft: 24 });
  const cleo = await creator("Creator Cleo", true);
  await submitVideo(cleo, ideaId, `Reading the tide ${word}`);
  const funder = await newBackendPerson("Funder Finn");
  const sessionId = await fundIdea(funder.client, standInsUrl(), ideaId, 1_000, {
    name: funder.person.name,
    email: funder.person.email,
  });

  // Judging ends: the creator is paid $10.00.
  await moveClock(DAY + 7 * DAY + 3600_000);
  await page.goto(`/expanded-proposal/${ideaId}`);
  await expect(ledgerTotal(page, "Paid out")).toHaveText("$10.00", { timeout: 30_000 });

  // Support refunds $4.00 from the Dashboard (the transfer is reversed by $4.00); that refund
  // then fails at the bank.
  const charge = await chargeOfSession(sessionId);
  const refund = await control<{ id: string }>(
    standInsUrl(),
    `/__control/stripe/charges/${charge.id}/refund`,
    { amount: 400 },
  );
  await expect(ledgerTotal(page, "Paid out")).toHaveText("$6.00", { timeout: 30_000 });
  await control(standInsUrl(), `/__control/stripe/refunds/${refund.id}/fail`, {});
  await expect(ledgerTotal(page, "Refund failed")).toHaveText("$4.00", { timeout: 30_000 });

  // The operator page lists it; the operator refunds the $4.00 again from the Dashboard.
  const ops = await newBackendPerson("Operator Oona");
  await runAsAdmin("mutation", "operator:grantAdmin", { email: ops.person.email });
  const operator = page;
  await signInBrowser(operator, ops.person);
  await operator.goto("/operator");
  const heldRow = operator
    .locator("tr")
    .filter({ hasText: `Tide clocks ${word}` })
    .filter({ hasText: "Refund failed" });
  await expect(heldRow).toContainText("$4.00", { timeout: 30_000 });
  await shoot(operator, "operator-refund-failed");
  await control(standInsUrl(), `/__control/stripe/charges/${charge.id}/refund`, { amount: 400 });
  await expect(heldRow).toHaveCount(0, { timeout: 30_000 });
  await expect(operator.getByText(`Tide clocks ${word}`)).toHaveCount(0);

  // The idea page: refunded once, nothing failing, the creator's $6.00 still paid out.
  await operator.goto(`/expanded-proposal/${ideaId}`);
  await expect(ledgerTotal(operator, "Refunded")).toHaveText("$4.00", { timeout: 30_000 });
  await expect(ledgerTotal(operator, "Paid out")).toHaveText("$6.00");
  await expect(ledgerTotal(operator, "Held")).toHaveText("$0.00");
  await expect(ledgerTotal(operator, "Refund failed")).toHaveCount(0);
  await shoot(operator, "idea-refund-redone");

  // The contribution page, as its contributor sees it.
  await operator.context().clearCookies();
  await operator.evaluate(() => localStorage.clear());
  await signInBrowser(operator, funder.person);
  await operator.goto(`/contribution/${sessionId}`);
  const fate = operator.getByTestId("fate");
  await expect(fate.filter({ hasText: "$4.00 refunded" })).toHaveCount(1, { timeout: 30_000 });
  await expect(fate.filter({ hasText: "$6.00 paid to Creator Cleo" })).toHaveCount(1);
  await expect(fate.filter({ hasText: "refund failed" })).toHaveCount(0);
  await shoot(operator, "contribution-refund-redone");

  // Stripe's own books: $4.00 refunded once, $6.00 with the creator, nothing stuck.
  const state = await stripeState();
  const refunds = state.refunds.filter((r) => r.charge === charge.id);
  expect(refunds.map((r) => [r.amount, r.status]).sort()).toEqual([
    [400, "failed"],
    [400, "succeeded"],
  ]);
  const transfer = state.transfers.find((t) => t.amount === 1_000 && t.amount_reversed === 400);
  expect(transfer, "the creator keeps $6.00").toBeDefined();
});

test("a winning video deleted on YouTube during judging: the runner-up wins", async ({ page }) => {
  test.setTimeout(180_000);
  await startPastCreations();
  const word = uniqueWord();
  // A voter whose account is older than the idea: their vote counts.
  const voter = await newBackendPerson("Voter Vera");
  const poster = await newBackendPerson("Idea Poster");
  const ideaId = await postIdea(poster, { oneLiner: `Salt roads ${word}`, hoursLeft: 24 });
  const leading = await creator("Creator Lea", true);
  const runnerUp = await creator("Creator Rui", true);
  const gone = await leadingVideoAndABacker(
    ideaId,
    { leading, other: runnerUp, voter, backer: await newBackendPerson("Funder Fox") },
    { leading: `Salt pans at dawn ${word}`, other: `The salt road ${word}` },
    1_500,
  );

  // During judging the leading video is deleted on YouTube.
  await moveClock(DAY + 2 * DAY);
  const response = await fetch(`${standInsUrl()}/__control/youtube/videos/${gone.videoId}`, {
    method: "DELETE",
  });
  expect(response.status).toBe(200);

  // Judging ends: the runner-up wins and is paid.
  await moveClock(DAY + 7 * DAY + 3600_000);
  await page.goto(`/expanded-proposal/${ideaId}`);
  const box = page.getByTestId("ledger");
  await expect(box).toContainText(`Awarded to “The salt road ${word}” by Creator Rui`, {
    timeout: 30_000,
  });
  await expect(ledgerTotal(page, "Paid out")).toHaveText("$15.00", { timeout: 30_000 });
  await expect(box).not.toContainText(`Awarded to “Salt pans at dawn ${word}”`);
  // Found gone when judging ended, it never won: no award to it was made and passed on.
  await expect(box).not.toContainText("passed on");
  await shoot(page, "idea-runner-up-wins");
  expect((await transfersOf(ideaId)).filter((t) => t.amount === 1_500)).toHaveLength(1);
});
