// Issue 37 on the stack, end to end in Chromium with the clock moved: a backer rates a video and
// leaves feedback that its creator sees live; judging starts and the backer gets "Pick your
// winner" by email (on by default); the poster marks a finalist in the judging gallery and the
// backer picks there; at the end every backer and every creator who submitted gets the
// announcement, once each, in the Resend stand-in's mailbox, and the winner card's share page has
// its image; the winning creator's studio shows the award go from "Waiting for payout set-up" to
// "Paid" once they set up payouts. With E2E_SHOTS=<folder>: the gallery, the studio, the creator
// page and the winner card at 1280 and 390 px, light and dark.
import { writeFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { makeFunctionReference } from "convex/server";
import { expect, test } from "../support/fixtures.js";
import {
  moveClock,
  newBackendPerson,
  postIdea,
  signInAgain,
  standInsUrl,
  startPastCreations,
  stripeState,
  uniqueWord,
} from "../support/backend.js";
import { creator, DAY, submitVideo } from "../support/money.js";
import { shoot, shotsFolder, signInBrowser } from "../support/browser.js";
import { control, fundIdea } from "../../local/stack/scriptedFlows.js";

const startOnboarding = makeFunctionReference<"action">("payouts:startOnboarding");

test.afterEach(async () => {
  await moveClock(0);
});

/**
 * A control named "{action}: {video}", its video named in visually hidden text (Chromium reads
 * the hidden part as a block of its own: "{action} : {video}").
 */
function about(action: string, video: string): RegExp {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`^${escape(action)}\\s*: ${escape(video)}$`);
}

/** The emails in the stand-in's mailbox with this subject, to this address. */
async function mailCount(mail: Page, subject: string, to: string): Promise<number> {
  await mail.goto(`${standInsUrl()}/resend/mailbox`);
  return await mail.locator("article").filter({ hasText: subject }).filter({ hasText: to }).count();
}

test("judging together: ratings seen live, a finalist, 'pick your winner' by email, the winner announced to everyone, the studio's award paid", async ({
  page,
  newPerson,
}) => {
  test.setTimeout(420_000);
  await startPastCreations();
  const word = uniqueWord();
  const title = `Harbour at dawn ${word}`;
  const poster = await newBackendPerson("Idea Poster Ida");
  const ideaId = await postIdea(poster, { oneLiner: title, hoursLeft: 24 });
  const winner = await creator("Creator Wren", false);
  const runnerUp = await creator("Creator Ross", false);
  const winnerVideo = `Fishing boats leave ${word}`;
  const otherVideo = `Gulls over the quay ${word}`;
  await submitVideo(winner, ideaId, winnerVideo);
  await submitVideo(runnerUp, ideaId, otherVideo);
  const backer = await newBackendPerson("Backer Bea");
  await fundIdea(backer.client, standInsUrl(), ideaId, 2_000, backer.person);

  // The creator watches their idea page; the backer rates their video while the idea is open.
  const creatorPage = await newPerson();
  await signInBrowser(creatorPage, winner.person);
  await creatorPage.goto(`/expanded-proposal/${ideaId}`);
  await expect(creatorPage.getByRole("heading", { level: 1, name: title })).toBeVisible({
    timeout: 30_000,
  });
  await signInBrowser(page, backer.person);
  await page.goto(`/expanded-proposal/${ideaId}`);
  const card = page.getByTestId("submission-card").filter({ hasText: winnerVideo });
  await card.getByRole("button", { name: about("Rate this video", winnerVideo) }).click({
    timeout: 30_000,
  });
  // The fourth star (its label is the 44 px target; the radio inside is visually hidden).
  await card.locator("label").filter({ hasText: "4 stars" }).click();
  await card
    .getByLabel("Private feedback for the creator (optional)")
    .fill("The opening shot is lovely. Could the ending be shorter?");
  await card.getByRole("button", { name: "Save rating" }).click();
  await expect(card.getByText("Your rating:", { exact: true })).toBeVisible({ timeout: 15_000 });
  // Live, without a reload: the creator sees the average and the words.
  const received = creatorPage.getByRole("region", { name: "How your video is received" });
  await expect(received).toContainText("4.0 out of 5 from 1 rating", { timeout: 15_000 });
  await expect(received).toContainText("The opening shot is lovely. Could the ending be shorter?");
  await expect(received).toContainText("A backer");
  // Nobody else sees it: not the runner-up, not a visitor.
  const visitor = await newPerson();
  await visitor.goto(`/expanded-proposal/${ideaId}`);
  await expect(visitor.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(visitor.getByText(/Could the ending be shorter/)).toHaveCount(0);

  // The deadline passes: judging. "Pick your winner" reaches the backer by email, by default.
  await moveClock(DAY + 3600_000);
  const mail = await newPerson();
  await expect(async () => {
    expect(await mailCount(mail, `Pick your winner: ${title}`, backer.person.email)).toBe(1);
  }).toPass({ timeout: 60_000 });

  // The poster marks a finalist in the judging gallery.
  const posterPage = await newPerson();
  await signInBrowser(posterPage, poster.person);
  await posterPage.goto(`/expanded-proposal/${ideaId}`);
  const posterGallery = posterPage.getByRole("region", { name: "Judging gallery" });
  await posterGallery
    .getByRole("button", { name: about("Mark as finalist", winnerVideo) })
    .click({ timeout: 30_000 });
  await expect(
    posterGallery.getByRole("button", { name: about("Finalist ✓", winnerVideo) }),
  ).toHaveAttribute("aria-pressed", "true");

  // The backer sees the finalist on the cards, live, and picks in the gallery.
  await page.reload();
  const gallery = page.getByRole("region", { name: "Judging gallery" });
  await expect(gallery.getByTestId("gallery-video")).toHaveCount(2, { timeout: 30_000 });
  await expect(
    page.getByTestId("submission-card").filter({ hasText: winnerVideo }).getByText("Finalist"),
  ).toBeVisible();
  const status = page.getByTestId("pick-status");
  await expect(status).toContainText("Pick your winner by");
  await gallery.getByRole("button", { name: about("Pick this video", winnerVideo) }).click();
  await expect(status).toContainText(
    `You picked “${winnerVideo}”. You can change your pick until`,
    {
      timeout: 15_000,
    },
  );
  await shoot(page, "judging-gallery", gallery);

  // Judging ends: the winner is announced to every backer and every creator who submitted,
  // once each, by email.
  await moveClock(DAY + 7 * DAY + 3600_000);
  const announcements = [
    [`Where your money went: ${title}`, backer.person.email],
    [`The winner of an idea you submitted to: ${title}`, winner.person.email],
    [`The winner of an idea you submitted to: ${title}`, runnerUp.person.email],
  ] as const;
  await expect(async () => {
    for (const [subject, to] of announcements) expect(await mailCount(mail, subject, to)).toBe(1);
  }).toPass({ timeout: 90_000 });
  // A while later, still once each.
  await mail.waitForTimeout(3_000);
  for (const [subject, to] of announcements) expect(await mailCount(mail, subject, to)).toBe(1);

  // The winner card's share page, with its own image.
  const winnerPage = await page.request.get(`/share/${ideaId}/winner`, { maxRedirects: 0 });
  expect(winnerPage.status()).toBe(200);
  const html = await winnerPage.text();
  expect(html).toContain(`“${winnerVideo}” won “${title}”`);
  const imageUrl = html
    .match(/<meta property="og:image" content="([^"]+)"/)?.[1]
    ?.replace(/&amp;/g, "&");
  expect(imageUrl).toMatch(new RegExp(`/share/${ideaId}/winner\\.png\\?v=`));
  const image = await page.request.get(imageUrl!);
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toBe("image/png");
  const png = await image.body();
  expect(png.readUInt32BE(16)).toBe(1200);
  expect(png.readUInt32BE(20)).toBe(630);
  const folder = shotsFolder();
  if (folder) writeFileSync(`${folder}/winner-card.png`, png);
  await page.goto(`/expanded-proposal/${ideaId}`);
  const cardOnPage = page.getByTestId("winner-card");
  await expect(cardOnPage).toBeVisible({ timeout: 30_000 });
  await expect(cardOnPage.getByRole("img")).toHaveJSProperty("complete", true);
  await shoot(page, "winner-card-on-idea", cardOnPage);

  // The winner's studio: waiting for payout set-up, then paid once they set payouts up.
  await creatorPage.goto("/studio");
  const line = creatorPage.getByTestId("earning-line").filter({ hasText: title });
  await expect(line).toContainText("Waiting for payout set-up", { timeout: 60_000 });
  await expect(line).toContainText("$20.00");
  await expect(line).toContainText("Set up payouts by");
  await shoot(creatorPage, "studio-waiting");
  // Their backend session is older than an hour now that the clock moved: sign in again.
  await (await signInAgain(winner)).client.action(startOnboarding, {});
  const account = (await stripeState()).accounts.find((a) => a.email === winner.person.email)!;
  await control(standInsUrl(), `/__control/stripe/accounts/${account.id}/complete`, {});
  await expect(line).toContainText("Paid", { timeout: 120_000 });
  await expect(line).toContainText("Paid on");
  await expect(creatorPage.getByTestId("earning-total-paid")).toContainText("$20.00");
  await shoot(creatorPage, "studio");

  // The creator writes a bio; their channel-like page shows it with their record.
  await creatorPage.getByLabel("Your bio").fill("Boats, harbours and the people who work them.");
  await creatorPage.getByRole("button", { name: "Save bio" }).click();
  await creatorPage.getByRole("link", { name: "Your creator page" }).first().click();
  await expect(creatorPage.getByText("Boats, harbours and the people who work them.")).toBeVisible({
    timeout: 30_000,
  });
  const record = creatorPage.getByLabel("Record");
  await expect(record).toContainText("Wins1");
  await expect(record).toContainText("Total earned$20.00");
  await expect(record).toContainText("Win rate100%");
  await shoot(creatorPage, "creator-page");
});
