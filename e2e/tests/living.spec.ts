// Each idea a living page (issue 29), in Chromium: a question appears in a second browser
// without reloading, and the poster's answer reaches the asker's inbox; a creator page opens
// from a submission card and lists that creator's won bounty; during judging a contributor who
// may pick sees "Pick your winner" at the top and picks.
import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "../support/fixtures.js";
import { signInAs, type Person } from "../support/signIn.js";
import {
  fn,
  moveClock,
  newBackendPerson,
  postIdea,
  standInsUrl,
  startPastCreations,
  uniqueWord,
} from "../support/backend.js";
import { connectYouTube, fundIdea, uploadYouTubeVideo } from "../../local/stack/scriptedFlows.js";

const DAY = 24 * 3600 * 1000;

async function signInBrowser(page: Page, person: Person) {
  await page.goto("/login");
  await signInAs(page, person);
  await expect(page).toHaveURL(/\/ideas$/);
}

test.afterEach(async () => {
  await moveClock(0);
});

test("a question appears live in a second browser; the poster's answer reaches the asker's inbox", async ({
  page,
  newPerson,
}) => {
  const word = uniqueWord();
  const title = `Bridges of Lisbon ${word}`;
  const poster = await newBackendPerson("Pia Poster");
  const ideaId = await postIdea(poster, {
    oneLiner: title,
    brief: "Walk every bridge at dawn.\n\nKeep it under 20 minutes.",
  });
  const asker = await newBackendPerson("Ann Asker");

  // A reader has the page open, signed out.
  const reader = await newPerson();
  await reader.goto(`/expanded-proposal/${ideaId}`);
  const readerQuestions = reader.getByRole("region", { name: "Questions and answers" });
  await expect(readerQuestions).toContainText("No questions yet");
  await expect(reader.getByRole("region", { name: "What should the video show?" })).toContainText(
    "Walk every bridge at dawn.",
  );

  // The asker asks, from their own browser, with the keyboard.
  await signInBrowser(page, asker.person);
  await page.goto(`/expanded-proposal/${ideaId}`);
  const questions = page.getByRole("region", { name: "Questions and answers" });
  await questions.getByLabel("Your question").fill(`Does a 4-minute cut count ${word}?`);
  await questions.getByRole("button", { name: "Ask", exact: true }).press("Enter");
  await expect(
    questions.getByText(`Does a 4-minute cut count ${word}?`, { exact: true }),
  ).toBeVisible();

  // The reader sees it without reloading.
  await expect(
    readerQuestions.getByText(`Does a 4-minute cut count ${word}?`, { exact: true }),
  ).toBeVisible({ timeout: 15_000 });
  // Screen readers hear it too (a polite live region).
  await expect(readerQuestions.locator("[aria-live=polite]")).toContainText(
    "New question from Ann Asker",
  );
  await expectAccessible(reader, "idea page with a question");

  // The poster answers from theirs; their answer is marked.
  const posterPage = await newPerson();
  await signInBrowser(posterPage, poster.person);
  await posterPage.goto(`/expanded-proposal/${ideaId}`);
  const posterQuestions = posterPage.getByRole("region", { name: "Questions and answers" });
  await posterQuestions.getByRole("button", { name: "Answer Ann Asker's question" }).click();
  const answerBox = posterQuestions.getByLabel("Your answer to Ann Asker's question");
  await expect(answerBox).toBeFocused();
  await answerBox.fill("Yes, any length from 3 to 25 minutes.");
  await posterQuestions.getByRole("button", { name: "Answer", exact: true }).click();
  const answer = readerQuestions.locator(".message--answer").filter({
    hasText: "Yes, any length from 3 to 25 minutes.",
  });
  await expect(answer).toBeVisible({ timeout: 15_000 });
  await expect(answer.locator(".message__role")).toHaveText("Poster");

  // The asker's inbox shows the answer.
  await page.goto("/inbox");
  await expect(
    page.getByRole("link", {
      name: `Pia Poster (the poster) answered your question on "${title}": “Yes, any length from 3 to 25 minutes.”`,
    }),
  ).toBeVisible({ timeout: 15_000 });
});

test("a creator page opens from a submission card and lists the creator's won bounty", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await startPastCreations();
  const word = uniqueWord();
  const title = `Night ferries ${word}`;
  const poster = await newBackendPerson("Idea Poster");
  const ideaId = await postIdea(poster, { oneLiner: title, hoursLeft: 24 });
  const creator = await newBackendPerson("Creator Lena", "Creator");
  await connectYouTube(creator.client, creator.person);
  const videoTitle = `Crossing at midnight ${word}`;
  const url = await uploadYouTubeVideo(standInsUrl(), creator.person.email, {
    title: videoTitle,
    durationSeconds: 60,
  });
  await creator.client.action(fn.submitVideo, { proposalId: ideaId, link: url });
  const funder = await newBackendPerson("Funder Fay");
  await fundIdea(funder.client, standInsUrl(), ideaId, 2_000, funder.person);

  // Judging ends; the award waits for the creator (no payout account yet).
  await moveClock(DAY + 7 * DAY + 3600_000);
  await page.goto(`/expanded-proposal/${ideaId}`);
  await expect(page.locator(".idea-outcome")).toContainText("Winner", { timeout: 30_000 });
  const card = page.getByRole("article", { name: new RegExp(videoTitle) });
  await card.getByRole("link", { name: "Creator Lena" }).click();

  await expect(page).toHaveURL(/\/creators\/[a-z0-9]+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Creator Lena" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Connected channels" })).toContainText("YouTube");
  const video = page.locator(".creator-video").filter({ hasText: videoTitle });
  await expect(video).toContainText(`For ${title}`);
  await expect(video.locator(".video-state")).toHaveText("Won");
  await expect(video).toContainText("$20.00");
  await expect(page.getByText("Winning videos")).toBeVisible();
  await expect(page.locator("body")).not.toContainText(creator.person.email);
  await expectAccessible(page, "creator page");
  await video.getByRole("link", { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`/expanded-proposal/${ideaId}$`));
});

test("during judging a contributor who may pick sees 'Pick your winner' at the top and picks", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await startPastCreations();
  const word = uniqueWord();
  const title = `Empty stations ${word}`;
  const poster = await newBackendPerson("Idea Poster");
  const ideaId = await postIdea(poster, { oneLiner: title, hoursLeft: 24 });
  const titles: string[] = [];
  for (const name of ["Creator Ana", "Creator Ben"]) {
    const creator = await newBackendPerson(name, "Creator");
    await connectYouTube(creator.client, creator.person);
    const videoTitle = `Last train ${name.split(" ")[1]} ${word}`;
    const url = await uploadYouTubeVideo(standInsUrl(), creator.person.email, {
      title: videoTitle,
      durationSeconds: 60,
    });
    await creator.client.action(fn.submitVideo, { proposalId: ideaId, link: url });
    titles.push(videoTitle);
  }
  const funder = await newBackendPerson("Funder Fay");
  await fundIdea(funder.client, standInsUrl(), ideaId, 1_500, funder.person);

  // The deadline passes: judging.
  await moveClock(DAY + 3600_000);
  await signInBrowser(page, funder.person);
  await page.goto(`/expanded-proposal/${ideaId}`);
  const pick = page.getByRole("region", { name: /^Pick your winner by / });
  await expect(pick).toBeVisible({ timeout: 30_000 });
  // At the top: right under the title, before the outcome banner and the page's sections.
  const order = await page.evaluate(() => {
    const at = (selector: string) =>
      document.querySelector(selector)?.getBoundingClientRect().top ?? Number.NaN;
    return {
      title: at("#proposal-title"),
      pick: at(".pick-winner"),
      outcome: at(".idea-outcome"),
      submissions: at("#submissions-heading"),
    };
  });
  expect(order.pick).toBeGreaterThan(order.title);
  expect(order.pick).toBeLessThan(order.outcome);
  expect(order.pick).toBeLessThan(order.submissions);
  await expect(pick).toBeInViewport();
  await expect(pick).toContainText("The $15.00 you gave goes to the video you pick.");
  await expect(pick.getByRole("listitem")).toHaveCount(2);
  await expect(page.getByRole("list", { name: "Where this idea is" })).toContainText("Judging");
  await expectAccessible(page, "idea page while judging");

  await pick
    .getByRole("button", { name: new RegExp(`^Pick this video\\s*: ${titles[1]}$`) })
    .click();
  await expect(pick.locator(".pick-choice.is-picked")).toContainText(titles[1]!, {
    timeout: 15_000,
  });
  await expect(pick.getByText("Your pick")).toBeVisible();
  // The submission card agrees.
  await expect(
    page.getByRole("article", { name: new RegExp(titles[1]!) }).getByText("Your pick"),
  ).toBeVisible();
});
