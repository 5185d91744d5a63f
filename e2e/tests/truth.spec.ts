// One truth on every screen (issue 28), in Chromium: a filter with no results shows its empty
// state straight away; a judging idea reads "Judging until …" on its card and its page and
// never "Winner chosen"; its share link is on the product's own domain and unfurls with the
// same words; the pages pass axe and the keyboard checks in light and dark; the phone's closed
// menu shows an unread dot. With E2E_SHOTS=dir: screenshots of each page at 1280 and 390 px,
// light and dark.
import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "../support/fixtures.js";
import {
  fn,
  moveClock,
  startPastCreations,
  newBackendPerson,
  postIdea,
  standInsUrl,
  uniqueWord,
  type Backend,
} from "../support/backend.js";
import { connectYouTube, fundIdea, uploadYouTubeVideo } from "../../local/stack/scriptedFlows.js";
import { signInBrowser, shoot } from "../support/browser.js";

const DAY = 24 * 3600 * 1000;

const longDate = (ms: number) =>
  new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric" }).format(ms);

/** Light and dark: axe on the page as it is now. */
async function accessibleInBothSchemes(page: Page, label: string) {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expectAccessible(page, `${label} (${colorScheme})`, { allImpacts: true });
  }
  await page.emulateMedia({ colorScheme: "light" });
}

test.afterEach(async () => {
  await moveClock(0);
});

test("a filter with no results shows its empty state straight away, never a lone 'Load more'", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const word = uniqueWord();
  // More YouTube ideas than a filtered page reads, so the first page holds no TikTok idea.
  const posters: Backend[] = [];
  for (let i = 0; i < 4; i++) posters.push(await newBackendPerson(`Filter Poster ${i}`));
  for (let i = 0; i < 34; i++)
    await postIdea(posters[i % 4]!, { oneLiner: `Essay ${i} ${word}`, platform: "YouTube" });

  await page.goto(`/search?q=${word}&platform=TikTok`);
  await expect(page.getByText("No ideas match these filters.")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("button", { name: "Load more" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Clear filters" })).toBeVisible();

  // Cleared: the ideas are there, a page at a time.
  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page.locator("article h2 a, article h3 a").first()).toContainText(word);
  await expect(page.getByRole("button", { name: "Load more" })).toBeVisible();
});

test("a judging idea reads 'Judging until …' on its card, its page and its share link, never 'Winner chosen'", async ({
  page,
  context,
  newPerson,
}) => {
  test.setTimeout(180_000);
  // Earlier journeys moved the clock: start past every creation time, so videos are
  // published after their idea on every clock.
  await startPastCreations();
  const word = uniqueWord();
  const title = `Night ferries of Lisbon ${word}`;
  const poster = await newBackendPerson("Idea Poster");
  const ideaId = await postIdea(poster, {
    oneLiner: title,
    hoursLeft: 24,
    platform: "YouTube",
    durations: ["MEDIUM", "LONG"],
  });
  const creator = await newBackendPerson("Creator Lena", "Creator");
  await connectYouTube(creator.client, creator.person);
  const url = await uploadYouTubeVideo(standInsUrl(), creator.person.email, {
    title: `Crossing at midnight ${word}`,
    durationSeconds: 23 * 60,
  });
  await creator.client.action(fn.submitVideo, { ideaId: ideaId, link: url });
  const funder = await newBackendPerson("Funder Fay");
  await fundIdea(funder.client, standInsUrl(), ideaId, 25_000, funder.person);

  // A reader signed in (vote buttons work); the idea is open: the bar with what it means
  // beside it, and every allowed length.
  const reader = await newBackendPerson("Reader Rui");
  await signInBrowser(page, reader.person);
  await page.goto(`/expanded-proposal/${ideaId}`);
  await expect(page.getByText("$250.00 · 1 backer")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("progressbar", { name: "Bounty" })).toHaveAttribute(
    "aria-valuetext",
    "$250.00",
  );
  await expect(page.getByText("Video length: Long (30+ mins)")).toBeVisible();
  await expect(page.getByRole("list", { name: "Lengths allowed" })).toContainText(
    "Medium · 5-25 mins",
  );
  await shoot(page, "idea-open");

  // The deadline passes: judging.
  const idea = (await poster.client.query(fn.getIdea, { ideaId: ideaId })) as {
    expiration: number;
  };
  await moveClock(DAY + 3600_000);
  const until = longDate(idea.expiration + 7 * DAY);

  await page.goto(`/search?q=${word}`);
  const card = page.getByRole("article", { name: title });
  await expect(card.getByText(`Judging until ${until}`)).toBeVisible({ timeout: 30_000 });
  await expect(card.getByText("Completed")).toBeVisible();
  // Issue 37: a date still ahead in the future tense, never "Winner picked on".
  await expect(card.getByText(`Winner to be announced ${until}`)).toBeVisible();
  await expect(page.getByText(/Winner chosen|Winner picked on/)).toHaveCount(0);
  await accessibleInBothSchemes(page, "a list with a judging idea");
  // The keyboard reaches the card's vote buttons, which name their idea.
  const upvote = card.getByRole("button", { name: `Upvote “${title}”` });
  await expect(upvote).toBeVisible();
  await page.keyboard.press("Tab");
  for (let i = 0; i < 40; i++) {
    if (await upvote.evaluate((el) => el === document.activeElement)) break;
    await page.keyboard.press("Tab");
  }
  await expect(upvote).toBeFocused();
  await shoot(page, "card-judging");

  await page.goto(`/expanded-proposal/${ideaId}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  // One chip: what is happening now (no "Completed" chip beside "Judging until …").
  const badges = page.getByTestId("idea-badges");
  await expect(badges).toHaveText(`Judging until ${until}`);
  await expect(page.getByText(`Winner to be announced ${until}`).first()).toBeVisible();
  await expect(page.getByText(/Winner chosen|Winner picked on/)).toHaveCount(0);
  await accessibleInBothSchemes(page, "a judging idea's page");
  await shoot(page, "idea-judging");

  // Its share link is on the product's own domain, and unfurls with the same words.
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const share = page.getByRole("group", { name: "Share this idea" });
  await share.getByRole("button", { name: "Copy link" }).click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(new URL(copied).origin).toBe(new URL(page.url()).origin);
  const html = await (await page.request.get(copied, { maxRedirects: 0 })).text();
  expect(html).toContain(`<meta property="og:title" content="${title} · Judging until ${until}">`);
  expect(html).toContain(`Winner to be announced ${until}`);
  expect(html).not.toContain("Winner picked on");
  expect(html).not.toContain("Back it or make the video");

  // A visitor on a phone, signed in with something unread: a dot on the closed menu.
  const phone = await newPerson({ viewport: { width: 390, height: 844 } });
  await signInBrowser(phone, poster.person);
  const toggle = phone.getByRole("button", { name: /^Open menu, \d+ unread$/ });
  await expect(toggle).toBeVisible({ timeout: 15_000 });
  await expect(phone.getByTestId("unread-dot")).toBeVisible();
  await toggle.click();
  await expect(phone.getByRole("link", { name: /^Inbox \d+ unread$/ })).toBeVisible();
});

test("a Viewer's settings: Creator Settings folded (spec §2), no payout tools, no creator-only rows; switches say they saved", async ({
  page,
}) => {
  const viewer = await newBackendPerson("Vera Viewer", "Viewer");
  await signInBrowser(page, viewer.person);
  await page.goto("/profile?tab=settings");
  const notifications = page.getByRole("region", { name: "Notifications" });
  await expect(notifications.getByRole("switch").first()).toBeVisible({ timeout: 15_000 });
  // Spec §2 lists Creator Settings for everyone: folded for a Viewer, opened on a click.
  const creatorSettings = page.locator("details").filter({
    has: page.getByRole("heading", { name: "Creator Settings" }),
  });
  await expect(creatorSettings).not.toHaveAttribute("open");
  await creatorSettings.getByText("Creator Settings").click();
  await expect(
    creatorSettings.getByRole("button", { name: "Connect YouTube Channel" }),
  ).toBeVisible();
  await expect(creatorSettings.getByText("Your Videos:")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Payouts" })).toHaveCount(0);
  await expect(notifications.getByText("A payout was sent")).toHaveCount(0);
  await expect(page.getByText(/Making videos too\?/)).toBeVisible();

  // The keyboard toggles a switch, and the page says it saved.
  const toggle = notifications.getByRole("switch", { name: "Judging started: by email" });
  await toggle.focus();
  await page.keyboard.press("Space");
  await expect(notifications.getByRole("status")).toHaveText(
    "Saved: Judging started by email is on.",
  );
  const box = await toggle.locator("xpath=..").boundingBox();
  expect(box!.width).toBeGreaterThanOrEqual(44);
  expect(box!.height).toBeGreaterThanOrEqual(44);
  await accessibleInBothSchemes(page, "a Viewer's settings");
  await shoot(page, "settings-viewer");
});
