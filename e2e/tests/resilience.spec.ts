// `npm start` keeps serving: when the Convex runtime is killed (SIGKILL, as a crash), the stack
// starts it again and the open page reconnects by itself, with nothing lost.
import { readFileSync } from "node:fs";
import { expect, test } from "../support/fixtures.js";
import { fn, newBackendPerson, postIdea, uniqueWord } from "../support/backend.js";
import { currentStack } from "../support/stack.js";

const pidsFile = () => currentStack().pidsFile;
const pids = () => JSON.parse(readFileSync(pidsFile()!, "utf8")) as Record<string, number>;

test("the runtime killed with SIGKILL comes back on its own, and an open idea page is live again", async ({
  page,
  visit,
}) => {
  test.skip(!pidsFile(), "needs the stack started by e2e/run.ts");
  const word = uniqueWord();
  const author = await newBackendPerson("Crash author");
  const voter = await newBackendPerson("Crash voter");
  const idea = await postIdea(author, { oneLiner: `${word} survives a crash` });
  await visit(page, `/expanded-proposal/${idea}`);
  const count = page.getByRole("group", { name: "Votes for this idea" }).getByTestId("vote-count");
  await expect(count).toContainText("0 votes");

  const before = pids().convex!;
  process.kill(before, "SIGKILL");
  await expect.poll(() => pids().convex, { timeout: 30_000 }).not.toBe(before);

  // Nobody reloads the page: it reconnects, and a vote cast after the restart shows up live.
  await expect
    .poll(
      async () =>
        voter.client.mutation(fn.voteOnIdea, { ideaId: idea, vote: 1 }).then(
          () => true,
          () => false,
        ),
      { timeout: 30_000 },
    )
    .toBe(true);
  await expect(count).toContainText("1 vote", { timeout: 30_000 });
  // The idea, written before the crash, is still there after a reload.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`${word} survives a crash`);
});
