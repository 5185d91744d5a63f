// Video checks before submitting (issue #12 item 3): a connected creator picks one of their
// synced videos and sees what the platform says and each check before confirming; a video that
// fails a check shows that it cannot win; wrong links get their specific reason.
import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "../support/fixtures.js";
import { newPersonDetails, signUp, type Person } from "../support/signIn.js";
import {
  moveClock,
  newBackendPerson,
  postIdea,
  standInsUrl,
  startPastCreations,
  uniqueWord,
} from "../support/backend.js";
import { uploadYouTubeVideo } from "../../local/stack/scriptedFlows.js";

const toast = (page: Page, text: string) =>
  page.locator("[data-sonner-toast]").filter({ hasText: text });

async function connectYouTubeInSettings(page: Page, creator: Person) {
  await page.goto("/profile?tab=settings");
  await page.getByRole("button", { name: "Connect YouTube Channel" }).click();
  await expect(page.getByRole("heading", { name: "Sign in with Google" })).toBeVisible();
  await page.getByLabel("Name").fill(creator.name);
  await page.getByLabel("Email").fill(creator.email);
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await expect(page).toHaveURL(/\/profile\?tab=settings/);
  await expect(toast(page, "YouTube connected successfully")).toBeVisible();
}

/** With E2E_SHOTS_DIR set, saves the page at 1280 and 360 px wide (for looking at the card). */
async function shot(page: Page, name: string) {
  const dir = process.env.E2E_SHOTS_DIR;
  if (!dir) return;
  const before = page.viewportSize();
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: width > 800 ? 800 : 740 });
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  if (before) await page.setViewportSize(before);
}

const card = (page: Page) =>
  page.getByRole("region", { name: "Check your video before submitting" });

test.afterEach(async () => {
  await moveClock(0);
});

test("a connected creator picks a synced video, sees its checks, then submits it", async ({
  page,
}) => {
  // Earlier journeys moved the clock: start past every creation time, so "published after
  // the idea" holds for a video published now.
  await startPastCreations();
  const word = uniqueWord();
  const poster = await newBackendPerson("Idea Poster");
  const ideaId = await postIdea(poster, {
    oneLiner: `Night markets of Taipei ${word}`,
    platform: "YouTube",
    durations: ["SHORT"],
  });
  const creator = newPersonDetails("Creator Mei");
  await signUp(page, creator, { accountType: "Creator" });
  await uploadYouTubeVideo(standInsUrl(), creator.email, {
    title: `Night market in 90 seconds ${word}`,
    durationSeconds: 95,
  });
  await connectYouTubeInSettings(page, creator);

  await page.goto(`/submit-content/${ideaId}`);
  await expect(page.getByRole("region", { name: "Or pick one of your videos" })).toBeVisible();
  await shot(page, "picker");
  const picker = page.getByRole("region", { name: "Or pick one of your videos" });
  await picker
    .getByRole("button", { name: new RegExp(`Night market in 90 seconds ${word}`) })
    .click();

  await expect(card(page)).toBeVisible();
  await expect(page.getByLabel("Video link")).toHaveValue(/youtube\.com\/watch\?v=/);
  await expect(card(page)).toContainText(`Night market in 90 seconds ${word}`);
  await expect(card(page)).toContainText("1:35");
  await expect(card(page)).toContainText("YouTube");
  const checks = card(page).getByRole("list", { name: "Originality checklist" });
  for (const check of [
    "On YouTube",
    "Posted by your YouTube account",
    "Published after the idea",
    "Length the idea allows",
  ])
    await expect(checks.getByRole("listitem").filter({ hasText: check })).toContainText("passes");
  await expect(card(page)).toContainText("Every check passes: this video can win the bounty.");
  await expectAccessible(page, "the confirmation card");
  await shot(page, "card-passes");

  await card(page).getByRole("button", { name: "Submit Video" }).click();
  await expect(toast(page, "Video submitted successfully!")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/expanded-proposal/${ideaId}$`));
  const submission = page
    .getByTestId("submission-card")
    .filter({ hasText: `Night market in 90 seconds ${word}` });
  await expect(submission).toContainText("All votes: 0 · Counted votes: 0");
  await shot(page, "idea-vote-breakdown");
});

test("a video failing a check shows that it cannot win; wrong links say why", async ({ page }) => {
  const word = uniqueWord();
  const poster = await newBackendPerson("Idea Poster");
  const ideaId = await postIdea(poster, {
    oneLiner: `One-minute bridges ${word}`,
    platform: "YouTube",
    durations: ["SHORT"],
  });
  const creator = newPersonDetails("Creator Tomas");
  await signUp(page, creator, { accountType: "Creator" });
  // Ten minutes long: the idea takes only short videos.
  const longVideo = await uploadYouTubeVideo(standInsUrl(), creator.email, {
    title: `Every bridge of Prague ${word}`,
    durationSeconds: 600,
  });
  await connectYouTubeInSettings(page, creator);

  await page.goto(`/submit-content/${ideaId}`);
  await page.getByLabel("Video link").fill(longVideo);
  await page.getByRole("button", { name: "Check video" }).click();
  const warning = card(page).getByRole("alert");
  await expect(warning).toContainText("This video cannot win this bounty");
  await expect(warning).toContainText("Its length is not one the idea allows.");
  await expect(
    card(page)
      .getByRole("list", { name: "Originality checklist" })
      .getByRole("listitem")
      .filter({ hasText: "Length the idea allows" }),
  ).toContainText("fails");
  await expect(card(page)).toContainText("10:00");
  await expectAccessible(page, "the card's warning");
  await shot(page, "card-cannot-win");

  // Another link: a TikTok video on a YouTube idea, then a video YouTube does not know.
  await card(page).getByRole("button", { name: "Choose another video" }).click();
  await page
    .getByLabel("Video link")
    .fill("https://www.tiktok.com/@someone/video/7234567890123456789");
  await page.getByRole("button", { name: "Check video" }).click();
  const problem = page.getByTestId("video-link-problem");
  await expect(problem).toContainText("Invalid video link format");
  await expect(problem).toContainText("This idea needs a YouTube video");

  await page.getByLabel("Video link").fill("https://www.youtube.com/watch?v=zzzzzzzzzzz");
  await page.getByRole("button", { name: "Check video" }).click();
  await expect(problem).toContainText("Failed to verify video");
  await expect(problem).toContainText("We couldn't find that video on YouTube");
  await shot(page, "verify-reason");
  await expect(card(page)).toHaveCount(0);
});
