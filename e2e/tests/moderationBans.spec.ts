// Bans on the stack in Chromium (issue 38 item 5): a banned person who signs in through the
// sign-in stand-in lands on the login page told why, and is not signed in; an operator lifts
// the ban from the operator page with a reason, and the person signs in again. A creator whose
// video won, with the award waiting for them, is banned from the operator queue: the award
// passes to the runner-up, whose screen and the Stripe stand-in's books show it paid.
import { makeFunctionReference } from "convex/server";
import { expect, test } from "../support/fixtures.js";
import {
  moveClock,
  newBackendPerson,
  postIdea,
  runAsAdmin,
  startPastCreations,
  stripeState,
  transfersOf,
  uniqueWord,
  type Backend,
} from "../support/backend.js";
import { creator, DAY, leadingVideoAndABacker, ledgerTotal } from "../support/money.js";
import { shoot, signInBrowser } from "../support/browser.js";
import { signInAs } from "../support/signIn.js";

const current = makeFunctionReference<"query">("users:current");
const ban = makeFunctionReference<"mutation">("moderation:ban");
const report = makeFunctionReference<"mutation">("moderation:report");

const BANNED =
  "This account was banned for breaking the rules of Bounties. Sign-in is not possible.";

async function operator(): Promise<Backend> {
  const ops = await newBackendPerson("Operator Olu");
  await runAsAdmin("mutation", "operator:grantAdmin", { email: ops.person.email });
  return ops;
}

const userIdOf = async (who: Backend) =>
  ((await who.client.query(current, {})) as { _id: string })._id;

test.afterEach(async () => {
  await moveClock(0);
});

test("a banned person is told why on the login page; the operator lifts the ban and they sign in again", async ({
  page,
  newPerson,
}) => {
  test.setTimeout(120_000);
  const ben = await newBackendPerson("Banned Ben");
  const ops = await operator();
  await ops.client.mutation(ban, { userId: await userIdOf(ben), reason: "Spam accounts." });

  // Ben signs in through the stand-in: back on the login page with the reason, not signed in.
  await page.goto("/login");
  await signInAs(page, ben.person);
  await expect(page.getByRole("alert")).toHaveText(BANNED, { timeout: 15_000 });
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("button", { name: "Continue with Google" })).toBeEnabled();
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/login/);

  // The operator sees the ban and lifts it with a reason; the log keeps it.
  const opsPage = await newPerson();
  await signInBrowser(opsPage, ops.person);
  await opsPage.goto("/operator");
  const banned = opsPage.getByRole("listitem").filter({ hasText: "Banned Ben" });
  await expect(banned).toContainText("Spam accounts.", { timeout: 30_000 });
  await expect(banned).toContainText("anything hidden on its own report stays hidden");
  await shoot(
    opsPage,
    "moderation-banned",
    opsPage.getByRole("region", { name: "Banned accounts" }),
  );
  await shoot(opsPage, "moderation-operator-page");
  await banned.getByLabel(/^Reason for lifting/).fill("Appeal by email: a shared computer.");
  await banned.getByRole("button", { name: "Lift the ban on Banned Ben" }).click();
  await expect(banned).toHaveCount(0, { timeout: 15_000 });
  const log = opsPage.getByRole("table", { name: "Moderation log" });
  await expect(log).toContainText("lifted the ban on Banned Ben");
  await expect(log).toContainText("Appeal by email: a shared computer.");

  // Ben signs in again, and lands where he was going.
  await page.goto("/login?next=%2Fprofile");
  await signInAs(page, ben.person);
  await expect(page).toHaveURL(/\/profile$/, { timeout: 15_000 });
});

test("a banned creator's waiting award passes to the runner-up, paid at Stripe", async ({
  page,
  newPerson,
}) => {
  test.setTimeout(180_000);
  await startPastCreations();
  const word = uniqueWord();
  const poster = await newBackendPerson("Idea Poster");
  const ideaId = await postIdea(poster, { oneLiner: `Harbour cranes ${word}`, hoursLeft: 24 });
  // The winner has no payouts set up, so the award waits for them; the runner-up is payable.
  const cheat = await creator("Creator Cheat", false);
  const honest = await creator("Creator Honest", true);
  const winning = `Crane cab view ${word}`;
  const runnerUp = `Container ballet ${word}`;
  const voter = await newBackendPerson("Voter Vic");
  const backer = await newBackendPerson("Funder Fay");
  const { id: winner } = await leadingVideoAndABacker(
    ideaId,
    { leading: cheat, other: honest, voter, backer },
    { leading: winning, other: runnerUp },
    2_400,
  );

  // Judging is over: the cheat's video won, and the award waits for them.
  await moveClock(DAY + 7 * DAY + 3600_000);
  await page.goto(`/expanded-proposal/${ideaId}`);
  const box = page.getByTestId("ledger");
  await expect(box).toContainText("$24.00 is waiting for Creator Cheat to set up payouts until", {
    timeout: 30_000,
  });

  // Someone reports the video as stolen; the operator bans its creator from the queue.
  const reporter = await newBackendPerson("Reporter Rui");
  await reporter.client.mutation(report, {
    target: "video",
    targetId: winner,
    reason: "copyright",
    note: "This is my footage.",
  });
  const ops = await operator();
  const opsPage = await newPerson();
  await signInBrowser(opsPage, ops.person);
  await opsPage.goto("/operator");
  const item = opsPage.getByRole("listitem").filter({ hasText: winning });
  await expect(item).toContainText("This is my footage.", { timeout: 30_000 });
  await item.getByLabel(/^Reason/).fill("Stolen footage, several times.");
  opsPage.once("dialog", (dialog) => void dialog.accept());
  await item.getByRole("button", { name: "Ban Creator Cheat" }).click();
  await expect(opsPage.getByRole("region", { name: "Banned accounts" })).toContainText(
    "Creator Cheat",
    { timeout: 15_000 },
  );

  // The runner-up's creator sees their video awarded and paid on the idea page.
  const honestPage = await newPerson();
  await signInBrowser(honestPage, honest.person);
  await honestPage.goto(`/expanded-proposal/${ideaId}`);
  const theirBox = honestPage.getByTestId("ledger");
  await expect(theirBox).toContainText(`Awarded to “${runnerUp}” by Creator Honest`, {
    timeout: 60_000,
  });
  await expect(ledgerTotal(honestPage, "Paid out")).toHaveText("$24.00", { timeout: 60_000 });
  await expect(honestPage.getByText(winning)).toHaveCount(0);

  // The stand-in's books: the idea's one transfer, the whole award, to the runner-up's account.
  const accounts = (await stripeState()).accounts;
  const honestAccount = accounts.find((a) => a.email === honest.person.email)!.id;
  await expect
    .poll(
      async () =>
        (await transfersOf(ideaId)).map((t) => [t.destination, t.amount, t.amount_reversed]),
      { timeout: 30_000 },
    )
    .toEqual([[honestAccount, 2_400, 0]]);
});
