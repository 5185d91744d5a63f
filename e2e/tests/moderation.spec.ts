// Reports and moderation (issue 38 item 5), on the stack in Chromium: a person reports a
// question; an operator hides it and it vanishes from a second open browser at once; its
// author appeals from the inbox; the operator restores it and it is back. An operator hides an
// idea with backers: every backer is refunded (the Stripe stand-in's books) and told.
import { makeFunctionReference } from "convex/server";
import { expect, test } from "../support/fixtures.js";
import {
  newBackendPerson,
  postIdea,
  runAsAdmin,
  standInsUrl,
  stripeState,
  uniqueWord,
} from "../support/backend.js";
import { fundIdea } from "../../local/stack/scriptedFlows.js";
import { shoot, signInBrowser } from "../support/browser.js";

const ask = makeFunctionReference<"mutation">("conversation:ask");
const report = makeFunctionReference<"mutation">("moderation:report");
const inbox = makeFunctionReference<"query">("notifications:inbox");

test("a reported question is hidden everywhere at once, appealed by its author, and restored", async ({
  page,
  newPerson,
}) => {
  test.setTimeout(180_000);
  const word = uniqueWord();
  const poster = await newBackendPerson("Idea Poster");
  const ideaId = await postIdea(poster, { oneLiner: `Night markets ${word}` });
  const asker = await newBackendPerson("Asker Amal");
  const question = `Can it be filmed at night ${word}?`;
  await asker.client.mutation(ask, { ideaId, body: question });

  // A second person watches the idea page the whole time.
  const watcher = await newPerson();
  await watcher.goto(`/expanded-proposal/${ideaId}`);
  await expect(watcher.getByText(question)).toBeVisible({ timeout: 15_000 });

  // Someone reports the question with a reason and a note.
  const reporter = await newBackendPerson("Reporter Rui");
  await signInBrowser(page, reporter.person);
  await page.goto(`/expanded-proposal/${ideaId}`);
  await page.getByRole("button", { name: "Report this question" }).click();
  await page.getByLabel("Harassment or hate").check();
  await page.getByLabel("Anything the moderators should know? (optional)").fill("Rude to me");
  await page.getByRole("button", { name: "Send report" }).click();
  await expect(page.getByText("Reported", { exact: true })).toBeVisible();

  // The operator sees it in the queue and hides it, with a reason.
  const ops = await newBackendPerson("Operator Olu");
  await runAsAdmin("mutation", "operator:grantAdmin", { email: ops.person.email });
  const opsPage = await newPerson();
  await signInBrowser(opsPage, ops.person);
  await opsPage.goto("/operator");
  const item = opsPage.getByRole("listitem").filter({ hasText: question });
  await expect(item).toBeVisible({ timeout: 30_000 });
  await expect(item).toContainText("Rude to me");
  await item.getByLabel(/^Reason/).fill("Insults another member.");
  await item.getByRole("button", { name: "Hide" }).click();

  // Gone from the watcher's open page without a reload.
  await expect(watcher.getByText(question)).toHaveCount(0, { timeout: 15_000 });

  // Its author is told why and appeals once from the inbox.
  const authorPage = await newPerson();
  await signInBrowser(authorPage, asker.person);
  await authorPage.goto("/inbox");
  await expect(
    authorPage.getByText(
      `Your question on "Night markets ${word}" was hidden by Bounties' moderators. Reason: Insults another member.`,
      { exact: false },
    ),
  ).toBeVisible({ timeout: 15_000 });
  await authorPage.getByRole("button", { name: "Appeal" }).click();
  await authorPage.getByLabel(/Why should it be shown again/).fill("It was a fair question.");
  await authorPage.getByRole("button", { name: "Send appeal" }).click();
  await expect(authorPage.getByText("Appeal sent", { exact: true })).toBeVisible();

  // The appeal reaches the queue; the operator restores the question.
  const appealed = opsPage.getByRole("listitem").filter({ hasText: question });
  await expect(appealed).toContainText("It was a fair question.", { timeout: 15_000 });
  await shoot(opsPage, "moderation-queue");
  await appealed.getByLabel(/^Reason/).fill("On reflection, fair.");
  await appealed.getByRole("button", { name: "Restore" }).click();
  await expect(watcher.getByText(question)).toBeVisible({ timeout: 15_000 });

  // The audit log keeps who did what and why.
  const log = opsPage.getByRole("table", { name: "Moderation log" });
  await expect(log).toContainText("hid a question");
  await expect(log).toContainText("restored a question");
  await expect(log).toContainText("Operator Olu");
  await expect(log).toContainText("On reflection, fair.");
});

test("hiding an idea with backers refunds every backer, and each is told", async ({ page }) => {
  test.setTimeout(180_000);
  const word = uniqueWord();
  const poster = await newBackendPerson("Idea Poster");
  const title = `Fake giveaway ${word}`;
  const ideaId = await postIdea(poster, { oneLiner: title });
  const backers = [await newBackendPerson("Backer Bea"), await newBackendPerson("Backer Bo")];
  const amounts = [1_137, 1_793];
  for (const [i, b] of backers.entries())
    await fundIdea(b.client, standInsUrl(), ideaId, amounts[i]!, {
      name: b.person.name,
      email: b.person.email,
    });
  const reporter = await newBackendPerson("Reporter Rui");
  await reporter.client.mutation(report, {
    target: "idea",
    targetId: ideaId,
    reason: "scam",
    note: "Nobody will make this.",
  });

  const ops = await newBackendPerson("Operator Olu");
  await runAsAdmin("mutation", "operator:grantAdmin", { email: ops.person.email });
  await signInBrowser(page, ops.person);
  await page.goto("/operator");
  const item = page.getByRole("listitem").filter({ hasText: title });
  await expect(item).toBeVisible({ timeout: 30_000 });
  await item.getByLabel(/^Reason/).fill("A scam.");
  await item.getByRole("button", { name: "Hide" }).click();
  await expect(item).toHaveCount(0, { timeout: 15_000 });

  // The stand-in's books: a succeeded refund of each backer's whole payment.
  await expect
    .poll(
      async () => {
        const state = await stripeState();
        return amounts.map((amount) => {
          const charge = state.charges.find((c) => c.amount === amount && c.id)!;
          return state.refunds
            .filter((r) => r.charge === charge.id && r.status === "succeeded")
            .reduce((sum, r) => sum + r.amount, 0);
        });
      },
      { timeout: 60_000 },
    )
    .toEqual(amounts);
  // Each backer is told.
  for (const [i, b] of backers.entries())
    await expect
      .poll(
        async () => {
          const result = (await b.client.query(inbox, {
            paginationOpts: { numItems: 20, cursor: null },
          })) as { page: { text: string }[] };
          return result.page.map((n) => n.text);
        },
        { timeout: 30_000 },
      )
      .toContain(`Your refund of $${(amounts[i]! / 100).toFixed(2)} for "${title}" was sent.`);
  // The idea is gone for everyone.
  await page.goto(`/expanded-proposal/${ideaId}`);
  await expect(page.getByText(title)).toHaveCount(0);
});
