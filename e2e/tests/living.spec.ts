// Each idea a living page (issue 29), in Chromium: a question appears in a second browser
// without reloading, and the poster's answer reaches the asker's inbox; a creator page opens
// from a submission card and lists that creator's won bounty; during judging a contributor who
// may pick sees "Pick your winner by" at the top and picks in the judging gallery.
import type { Page } from "@playwright/test";
import { makeFunctionReference } from "convex/server";
import { expect, expectAccessible, test } from "../support/fixtures.js";
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
import { signInBrowser } from "../support/browser.js";

const DAY = 24 * 3600 * 1000;

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
  await expectAccessible(reader, "idea page with a question", { allImpacts: true });

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
  const answer = readerQuestions.locator('[data-testid="message"][data-kind="answer"]').filter({
    hasText: "Yes, any length from 3 to 25 minutes.",
  });
  await expect(answer).toBeVisible({ timeout: 15_000 });
  await expect(answer.getByTestId("message-role")).toHaveText("Poster");

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
  await creator.client.action(fn.submitVideo, { ideaId: ideaId, link: url });
  const funder = await newBackendPerson("Funder Fay");
  await fundIdea(funder.client, standInsUrl(), ideaId, 2_000, funder.person);

  // Judging ends; the award waits for the creator (no payout account yet).
  await moveClock(DAY + 7 * DAY + 3600_000);
  await page.goto(`/expanded-proposal/${ideaId}`);
  await expect(page.getByTestId("idea-outcome")).toContainText("Winner", { timeout: 30_000 });
  const card = page.getByRole("article", { name: new RegExp(videoTitle) });
  await card.getByRole("link", { name: "Creator Lena" }).click();

  await expect(page).toHaveURL(/\/creators\/[a-z0-9]+$/);
  // Channel-like (issue 37): the channel's name from the platform, the person's name beside it.
  await expect(
    page.getByRole("heading", { level: 1, name: "Creator Lena's channel" }),
  ).toBeVisible();
  await expect(page.getByText("Creator Lena on Bounties")).toBeVisible();
  await expect(page.getByRole("list", { name: "Connected channels" })).toContainText("YouTube");
  const video = page.getByTestId("creator-video").filter({ hasText: videoTitle });
  await expect(video).toContainText(`For ${title}`);
  await expect(video.getByTestId("video-state")).toHaveText("Won");
  await expect(video).toContainText("$20.00");
  await expect(page.getByLabel("Record")).toContainText("Wins1");
  await expect(page.locator("body")).not.toContainText(creator.person.email);
  await expectAccessible(page, "creator page", { allImpacts: true });
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
    await creator.client.action(fn.submitVideo, { ideaId: ideaId, link: url });
    titles.push(videoTitle);
  }
  const funder = await newBackendPerson("Funder Fay");
  await fundIdea(funder.client, standInsUrl(), ideaId, 1_500, funder.person);

  // The deadline passes: judging.
  await moveClock(DAY + 3600_000);
  await signInBrowser(page, funder.person);
  await page.goto(`/expanded-proposal/${ideaId}`);
  // One panel says until when: "Pick your winner by …", at the top under the title.
  const status = page.getByTestId("pick-status");
  await expect(status).toBeVisible({ timeout: 30_000 });
  await expect(status).toContainText(/^Pick your winner by /);
  const order = await page.evaluate(() => {
    const at = (selector: string) =>
      document.querySelector(selector)?.getBoundingClientRect().top ?? Number.NaN;
    return {
      title: at("#idea-title"),
      pick: at('[data-testid="pick-status"]'),
      gallery: at('[data-testid="judging-gallery"]'),
      submissions: at("#submissions-heading"),
    };
  });
  expect(order.pick).toBeGreaterThan(order.title);
  expect(order.pick).toBeLessThan(order.gallery);
  expect(order.gallery).toBeLessThan(order.submissions);
  await expect(status).toBeInViewport();
  await expect(status).toContainText("The $15.00 you gave goes to the video you pick");
  const gallery = page.getByRole("region", { name: "Judging gallery" });
  await expect(gallery.getByTestId("gallery-video")).toHaveCount(2);
  await expect(page.getByRole("list", { name: "Where this idea is" })).toContainText("Judging");
  await expectAccessible(page, "idea page while judging", { allImpacts: true });

  await gallery
    .getByRole("button", { name: new RegExp(`^Pick this video\\s*: ${titles[1]}$`) })
    .click();
  // The panel now says what was picked and until when it can change; no "Pick your winner by".
  await expect(status).toContainText(`You picked “${titles[1]}”. You can change your pick until`, {
    timeout: 15_000,
  });
  await expect(status).not.toContainText("Pick your winner by");
  await expect(gallery.getByText("Your pick")).toBeVisible();
  // The submission card agrees, with no date of its own.
  const card = page.getByRole("article", { name: new RegExp(titles[1]!) });
  await expect(card.getByText("Your pick")).toBeVisible();
  await expect(card.getByText(/You can choose until/)).toHaveCount(0);
});

/**
 * With LIVING_SHOTS=dir: screenshots of an idea with a brief, a conversation and an update, and
 * of a creator page with a won bounty, at 1280 and 390 px, light and dark, for people to look at.
 */
test("screenshots of a living idea page and a creator page", async ({ page, newPerson }) => {
  const dir = process.env.LIVING_SHOTS;
  test.skip(!dir, "LIVING_SHOTS is not set");
  test.setTimeout(240_000);
  await startPastCreations();
  const shoot = async (p: Page, name: string) => {
    for (const scheme of ["light", "dark"] as const) {
      await p.emulateMedia({ colorScheme: scheme });
      for (const width of [1280, 390]) {
        await p.setViewportSize({ width, height: 900 });
        await p.waitForTimeout(400);
        await p.screenshot({ path: `${dir}/${name}-${width}-${scheme}.png`, fullPage: true });
      }
    }
    await p.emulateMedia({ colorScheme: "light" });
    await p.setViewportSize({ width: 1280, height: 900 });
  };
  const word = uniqueWord();
  const poster = await newBackendPerson("Pia Poster");
  const ideaId = await postIdea(poster, {
    oneLiner: `Every bridge of Lisbon at dawn ${word}`,
    hoursLeft: 24,
    links: ["https://en.wikipedia.org/wiki/Ponte_25_de_Abril"],
    brief:
      "Walk (or cycle) across every bridge over the Tagus at sunrise, one take per bridge.\n\nShow the light on the water and the first trains. Keep it under 25 minutes; subtitles in English please.",
  });
  const creator = await newBackendPerson("Cleo Creator", "Creator");
  await connectYouTube(creator.client, creator.person);
  const url = await uploadYouTubeVideo(standInsUrl(), creator.person.email, {
    title: `Sunrise over the Tagus ${word}`,
    durationSeconds: 60,
  });
  await creator.client.action(fn.submitVideo, { ideaId: ideaId, link: url });
  const funder = await newBackendPerson("Funder Fay");
  await fundIdea(funder.client, standInsUrl(), ideaId, 2_500, funder.person);
  const asker = await newBackendPerson("Ann Asker");
  const ask = makeFunctionReference<"mutation">("conversation:ask");
  const answer = makeFunctionReference<"mutation">("conversation:answer");
  const postUpdate = makeFunctionReference<"mutation">("updates:post");
  const q1 = (await asker.client.mutation(ask, {
    ideaId: ideaId,
    body: "Does a 4-minute cut count, or do you want the whole walk?",
  })) as string;
  await poster.client.mutation(answer, {
    questionId: q1,
    body: "A 4-minute cut is fine, as long as every bridge is in it.",
  });
  await creator.client.mutation(answer, {
    questionId: q1,
    body: "I'm doing one bridge per minute: it works well.",
  });
  await funder.client.mutation(ask, {
    ideaId: ideaId,
    body: "Can the video be in Portuguese with English subtitles?",
  });
  await poster.client.mutation(postUpdate, {
    ideaId: ideaId,
    body: "I raised the bounty to $25. Judging starts tomorrow: get your videos in!",
    topic: "money",
  });

  await page.goto(`/expanded-proposal/${ideaId}`);
  await expect(page.getByText("I'm doing one bridge per minute: it works well.")).toBeVisible({
    timeout: 30_000,
  });
  await shoot(page, "idea-living");
  // The list: the idea's card has the leading video's thumbnail as its cover.
  await page.goto("/ideas");
  await expect(page.getByTestId("idea-cover").first()).toBeVisible({ timeout: 30_000 });
  await shoot(page, "ideas-list");

  // The poster's own view: the update box and the Hide buttons.
  const posterPage = await newPerson();
  await signInBrowser(posterPage, poster.person);
  await posterPage.goto(`/expanded-proposal/${ideaId}`);
  await expect(posterPage.getByLabel("Post an update")).toBeVisible({ timeout: 30_000 });
  await shoot(posterPage, "idea-living-poster");

  // Judging: the contributor's "Pick your winner" at the top.
  await moveClock(DAY + 3600_000);
  const funderPage = await newPerson();
  await signInBrowser(funderPage, funder.person);
  await funderPage.goto(`/expanded-proposal/${ideaId}`);
  await expect(funderPage.getByTestId("pick-status")).toContainText(/^Pick your winner by /, {
    timeout: 30_000,
  });
  await shoot(funderPage, "idea-judging-pick");

  // Settled: the creator page with its won bounty.
  await moveClock(DAY + 7 * DAY + 3600_000);
  await page.goto(`/expanded-proposal/${ideaId}`);
  await expect(page.getByTestId("idea-outcome")).toContainText("Winner", { timeout: 30_000 });
  await page.getByRole("link", { name: "Cleo Creator" }).first().click();
  await expect(page.getByTestId("creator-video").getByTestId("video-state")).toHaveText("Won", {
    timeout: 30_000,
  });
  await shoot(page, "creator-page");
});
