// Live changes you can see (issue 17 item 4): another person's vote pulses the count.
import { expect, test } from "../support/fixtures.js";
import { fn, newBackendPerson, postIdea, uniqueWord } from "../support/backend.js";

test("another person's vote highlights the idea's count for a reader who has the page open", async ({
  page,
  visit,
}) => {
  const word = uniqueWord();
  const author = await newBackendPerson("Live author");
  const voter = await newBackendPerson("Live voter");
  const idea = await postIdea(author, { oneLiner: `${word} live votes` });
  await visit(page, `/expanded-proposal/${idea}`);
  const votes = page.getByRole("group", { name: "Votes for this idea" });
  const count = votes.getByTestId("vote-count");
  await expect(count).toContainText("0 votes");
  await expect(count).not.toHaveAttribute("data-live-changed");

  await voter.client.mutation(fn.voteOnIdea, { ideaId: idea, vote: 1 });
  await expect(count).toContainText("1 vote");
  await expect(count).toHaveAttribute("data-live-changed");
  // The pulse is brief.
  await expect(count).not.toHaveAttribute("data-live-changed", { timeout: 3000 });
});
