// Creators: connecting YouTube and TikTok through their stand-ins, submitting a verified video
// with its originality checklist, live submission votes across browsers, and the refusals
// (wrong platform, closed idea).
import { ConvexError } from "convex/values";
import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures.js";
import { newPersonDetails, signUp, type Person } from "../support/signIn.js";
import {
  fn,
  moveClock,
  newBackendPerson,
  postIdea,
  standInsUrl,
  startPastCreations,
  uniqueWord,
} from "../support/backend.js";
import {
  connectYouTube,
  postTikTokVideo,
  uploadYouTubeVideo,
} from "../../local/stack/scriptedFlows.js";

// An earlier journey on this stack may have moved its clock forward, and creation times never
// go back: the journeys that compare a video's publish time with its idea's start past them.
test.afterEach(async () => {
  await moveClock(0);
});

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

/** Checks a link, then (unless the check is expected to fail) confirms the card. */
async function submitLink(page: Page, ideaId: string, link: string, { confirm = true } = {}) {
  await page.goto(`/submit-content/${ideaId}`);
  await page.getByLabel("Video link").fill(link);
  await page.getByRole("button", { name: "Check video" }).click();
  if (confirm) await page.getByRole("button", { name: "Submit Video" }).click();
}

test("a creator connects YouTube, submits a video with its checklist, and votes move live in other browsers", async ({
  page,
  newPerson,
  visit,
}) => {
  // Three browsers, three accessibility passes and the check-then-confirm submit: longer than
  // the default minute on a loaded machine.
  test.setTimeout(120_000);
  await startPastCreations();
  const word = uniqueWord();
  const poster = await newBackendPerson("Idea Poster");
  const ideaId = await postIdea(poster, {
    oneLiner: `Tiny kitchens of Tokyo ${word}`,
    platform: "YouTube",
    durations: ["SHORT"],
  });

  const creator = newPersonDetails("Creator Rin");
  await signUp(page, creator, { accountType: "Creator" });
  const videoUrl = await uploadYouTubeVideo(standInsUrl(), creator.email, {
    title: `My tiny kitchen tour ${word}`,
    durationSeconds: 95,
  });
  await connectYouTubeInSettings(page, creator);
  const videos = page.getByTestId("connected-videos");
  await expect(videos.getByRole("heading", { name: "Your Videos:" })).toBeVisible();
  await expect(videos.getByRole("link", { name: `My tiny kitchen tour ${word}` })).toBeVisible();
  await expect(page.getByText(/^Last synced: /).first()).toBeVisible();
  await expectAccessibleSettings(page, visit);

  // Two more people watch the idea: one signed in (will vote), one signed out.
  const voter = await newPerson();
  await signUp(voter, newPersonDetails("Voter Ama"));
  await visit(voter, `/expanded-proposal/${ideaId}`);
  await expect(voter.getByText("Be the first to submit!")).toBeVisible();
  const watcher = await newPerson();
  await visit(watcher, `/expanded-proposal/${ideaId}`);

  await visit(page, `/submit-content/${ideaId}`);
  await expect(page.getByText("Post your video on YouTube")).toBeVisible();
  await submitLink(page, ideaId, videoUrl);
  await expect(toast(page, "Video submitted successfully!")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/expanded-proposal/${ideaId}$`));

  // The new card shows up in the other browsers with its checklist, all four checks passed.
  const cardIn = (p: Page) =>
    p.getByTestId("submission-card").filter({ hasText: `My tiny kitchen tour ${word}` });
  await expect(cardIn(voter)).toBeVisible();
  await expect(cardIn(watcher)).toBeVisible();
  const checklist = cardIn(page).getByRole("list", { name: "Originality checklist" });
  for (const check of [
    "On YouTube: yes",
    "Posted by the submitter's YouTube account: yes",
    "Published after the idea: yes",
    "Length the idea allows: yes",
  ]) {
    await expect(
      checklist.getByRole("listitem").filter({ hasText: check.split(":")[0] }),
    ).toHaveText(new RegExp(`${check.split(": ")[1]}$`));
  }
  await expect(cardIn(page)).toContainText("Posted by Creator Rin");
  await expectAccessibleIdea(page, visit, ideaId);

  // The creator can't vote on their own video; the signed-out watcher can't vote at all.
  await expect(cardIn(page).getByRole("button", { name: "Upvote this video" })).toBeDisabled();
  await expect(cardIn(watcher).getByRole("button", { name: "Upvote this video" })).toBeDisabled();

  await cardIn(voter).getByRole("button", { name: "Upvote this video" }).click();
  await expect(cardIn(watcher).getByText("1 vote", { exact: true })).toBeAttached();
  await expect(cardIn(page).getByText("1 vote", { exact: true })).toBeAttached();
  // Toggling off returns it to zero everywhere.
  await cardIn(voter).getByRole("button", { name: "Upvote this video" }).click();
  await expect(cardIn(watcher).getByText("0 votes", { exact: true })).toBeAttached();

  // The same video can't be submitted twice to one idea.
  await submitLink(page, ideaId, videoUrl, { confirm: false });
  await expect(toast(page, "This video has already been submitted to this idea.")).toBeVisible();
});

test("a video uploaded in the YouTube studio right after posting the idea counts as published after it", async ({
  page,
}) => {
  const word = uniqueWord();
  const creator = newPersonDetails("Creator Lea");
  await signUp(page, creator, { accountType: "Creator" });
  await connectYouTubeInSettings(page, creator);

  // The studio is open in another tab before the idea is posted, as a creator would have it.
  const studio = await page.context().newPage();
  await studio.goto(`${standInsUrl()}/youtube/studio`);
  await expect(studio.getByRole("heading", { name: "YouTube Studio" })).toBeVisible();

  // The idea is posted on the stack's clock, moved past every creation time so far (the studio's
  // clock moves with it), so that "right after" holds whatever journeys ran before on this stack.
  await startPastCreations();
  const poster = await newBackendPerson("Idea Poster");
  const ideaId = await postIdea(poster, {
    oneLiner: `Rooftop gardens of Lisbon ${word}`,
    platform: "YouTube",
    durations: ["SHORT"],
  });

  // Right after posting, in the same minute (and often the same second): "Published" is left
  // as it is, which means the moment of the upload.
  await studio.getByLabel("Channel (Google account email)").fill(creator.email);
  await studio.getByLabel("Title").fill(`My rooftop garden ${word}`);
  await studio.getByLabel("Duration (seconds)").fill("95");
  await expect(studio.getByLabel("Published")).toHaveValue("");
  await studio.getByRole("button", { name: "Upload video" }).click();
  const uploaded = studio.getByRole("status").getByRole("link");
  await expect(uploaded).toHaveText(/^https:\/\/www\.youtube\.com\/watch\?v=/);
  const videoUrl = (await uploaded.textContent())!;
  await studio.close();

  await submitLink(page, ideaId, videoUrl);
  await expect(toast(page, "Video submitted successfully!")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/expanded-proposal/${ideaId}$`));
  const card = page.getByTestId("submission-card").filter({ hasText: `My rooftop garden ${word}` });
  const checklist = card.getByRole("list", { name: "Originality checklist" });
  const published = checklist.getByRole("listitem").filter({ hasText: "Published after the idea" });
  await expect(published).toHaveText(/yes$/);
  await expect(published.getByTestId("checklist-icon")).toHaveText("✓");
  await expect(checklist.getByRole("listitem").filter({ hasText: /: no$/ })).toHaveCount(0);
});

async function expectAccessibleSettings(
  page: Page,
  visit: (p: Page, path: string) => Promise<void>,
) {
  await visit(page, "/profile?tab=settings");
  await expect(page.getByRole("heading", { name: "Creator Settings" })).toBeVisible();
}

async function expectAccessibleIdea(
  page: Page,
  visit: (p: Page, path: string) => Promise<void>,
  ideaId: string,
) {
  await visit(page, `/expanded-proposal/${ideaId}`);
  await expect(page.getByRole("heading", { name: "Submissions" })).toBeVisible();
}

test("the TikTok path: connect on the stand-in, submit a TikTok video to an idea for TikTok", async ({
  page,
}) => {
  const word = uniqueWord();
  const poster = await newBackendPerson("Idea Poster");
  const ideaId = await postIdea(poster, {
    oneLiner: `Street food at night ${word}`,
    platform: "TikTok",
    durations: ["SHORT"],
  });

  const creator = newPersonDetails("Creator Kai");
  const username = `kai.${word}`.slice(0, 24);
  await signUp(page, creator, { accountType: "Creator" });
  await page.goto("/profile?tab=settings");
  await page.getByRole("button", { name: "Connect TikTok Account" }).click();
  // The profile has an "Edit display name" button too: wait for the stand-in's consent page.
  await expect(
    page.getByRole("heading", { name: "Bounties would like to access your TikTok account" }),
  ).toBeVisible();
  await page.getByLabel("Display name").fill("Kai Eats");
  await page.getByRole("textbox", { name: "Username" }).fill(username);
  await page.getByRole("button", { name: "Authorize" }).click();
  await expect(page).toHaveURL(/\/profile\?tab=settings/);
  await expect(toast(page, "TikTok connected successfully")).toBeVisible();
  await expect(page.getByTestId("platform-connection").filter({ hasText: "TikTok" })).toContainText(
    "Connected",
  );

  const videoUrl = await postTikTokVideo(standInsUrl(), username, {
    title: `Night market dumplings ${word}`,
    durationSeconds: 40,
  });
  await submitLink(page, ideaId, videoUrl);
  await expect(toast(page, "Video submitted successfully!")).toBeVisible();
  const card = page
    .getByTestId("submission-card")
    .filter({ hasText: `Night market dumplings ${word}` });
  await expect(card).toContainText("TikTok");
  await expect(
    card.getByRole("listitem").filter({ hasText: "Posted by the submitter's TikTok account" }),
  ).toHaveText(/yes$/);

  // Profile → Submissions lists it with a link back to the idea.
  await page.goto("/profile?tab=submissions");
  await expect(page.getByRole("link", { name: `Street food at night ${word}` })).toBeVisible();
});

test("a wrong-platform link is refused, and an expired idea takes no more videos", async ({
  page,
}) => {
  const word = uniqueWord();
  const poster = await newBackendPerson("Idea Poster");
  const youtubeIdea = await postIdea(poster, {
    oneLiner: `Lighthouses of Maine ${word}`,
    platform: "YouTube",
  });
  const soonClosed = await postIdea(poster, {
    oneLiner: `Last ferry of the day ${word}`,
    platform: "Any",
    secondsLeft: 4,
  });

  const creator = newPersonDetails("Creator Noor");
  await signUp(page, creator, { accountType: "Creator" });
  await submitLink(page, youtubeIdea, "https://www.tiktok.com/@someone/video/7234567890123456789", {
    confirm: false,
  });
  await expect(toast(page, "Invalid video link format")).toBeVisible();
  await expect(
    page.getByRole("alert").filter({ hasText: "Invalid video link format" }),
  ).toBeVisible();
  // A look-alike domain is not YouTube either.
  await page
    .getByLabel("Video link")
    .fill("https://www.youtube.com.evil.example/watch?v=dQw4w9WgXcQ");
  await page.getByRole("button", { name: "Check video" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "Invalid video link format" }),
  ).toBeVisible();
  await page.getByLabel("Video link").fill("");
  await page.getByRole("button", { name: "Check video" }).click();
  await expect(toast(page, "Please provide a video link")).toBeVisible();

  // Once the deadline passes the idea page hides the link and the submit page says it's closed.
  await page.goto(`/expanded-proposal/${soonClosed}`);
  await expect(page.getByText("This proposal is no longer accepting submissions.")).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByRole("link", { name: "Submit Your Video" })).toHaveCount(0);
  await page.goto(`/submit-content/${soonClosed}`);
  await expect(page.getByText("This proposal is no longer accepting submissions.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Submit Video" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Check video" })).toHaveCount(0);

  // And the server refuses a direct submission, with a real video of a connected channel.
  const helper = await newBackendPerson("Direct Submitter", "Creator");
  await connectYouTube(helper.client, helper.person);
  const url = await uploadYouTubeVideo(standInsUrl(), helper.person.email, {
    title: `Ferry at dusk ${word}`,
    durationSeconds: 60,
  });
  const refusal = await helper.client
    .action(fn.submitVideo, { ideaId: soonClosed, link: url })
    .then(
      () => null,
      (error: unknown) => error,
    );
  expect(refusal).toBeInstanceOf(ConvexError);
  expect(JSON.stringify((refusal as { data?: unknown }).data)).toContain(
    "This proposal is no longer accepting submissions.",
  );
  const idea = (await helper.client.query(fn.getIdea, { ideaId: soonClosed })) as {
    submissionCount: number;
  };
  expect(idea.submissionCount).toBe(0);
});
