// Issue 38 on the running stack: following a creator from their page and a poster from the
// idea page brings their new videos and ideas to the follower's bell and inbox; the weekly
// digest arrives once in the Resend stand-in's mailbox for a person who switched it on, and
// never for the others, when the clock reaches Monday 13:17 UTC; the leaderboard moves live.
import { makeFunctionReference } from "convex/server";
import { expect, test } from "../support/fixtures.js";
import {
  fn,
  moveClock,
  newBackendPerson,
  postIdea,
  runAsAdmin,
  stackNow,
  standInsUrl,
  uniqueWord,
} from "../support/backend.js";
import { shoot, signInBrowser } from "../support/browser.js";
import { connectYouTube, fundIdea, uploadYouTubeVideo } from "../../local/stack/scriptedFlows.js";

// Weeks run Monday 00:00 UTC to Monday (convex/model/community/weeks.ts; the convex modules
// import without extensions, which this Node project cannot follow).
const DAY_MS = 24 * 3600_000;
const WEEK_MS = 7 * DAY_MS;
const weekStartOf = (ms: number) => Math.floor((ms - 4 * DAY_MS) / WEEK_MS) * WEEK_MS + 4 * DAY_MS;

const current = makeFunctionReference<"query">("users:current");
const idOf = async (who: Awaited<ReturnType<typeof newBackendPerson>>) =>
  ((await who.client.query(current, {})) as { _id: string })._id;

test.afterEach(async () => {
  await moveClock(0);
});

test("a follower gets the in-app notice of a followed creator's new video", async ({ page }) => {
  const word = uniqueWord();
  const creator = await newBackendPerson("Creator Nia", "Creator");
  await connectYouTube(creator.client, creator.person);
  const fan = await newBackendPerson("Fan Fola");
  await signInBrowser(page, fan.person);

  await page.goto(`/creators/${await idOf(creator)}`);
  await page.getByRole("button", { name: "Follow Creator Nia" }).click();
  await expect(page.getByRole("button", { name: "Following Creator Nia" })).toBeVisible();
  await expect(page.getByText("1 follower", { exact: true })).toBeVisible();
  await shoot(page, "creator-follow");

  const poster = await newBackendPerson("Idea Poster");
  const title = `Harbour seals ${word}`;
  const ideaId = await postIdea(poster, { oneLiner: title });
  const url = await uploadYouTubeVideo(standInsUrl(), creator.person.email, {
    title: `Seal cam ${word}`,
    durationSeconds: 150,
  });
  await creator.client.action(fn.submitVideo, { ideaId, link: url });

  // The bell, live; then the inbox says who and what.
  await expect(page.getByRole("link", { name: "Inbox 1 unread" })).toBeVisible({
    timeout: 15_000,
  });
  await page.getByRole("link", { name: "Inbox 1 unread" }).click();
  const notice = page.getByRole("link", {
    name: `Creator Nia submitted a new video to "${title}": "Seal cam ${word}".`,
  });
  await expect(notice).toBeVisible();
  await notice.click();
  await expect(page).toHaveURL(new RegExp(`/expanded-proposal/${ideaId}$`));
});

test("following a poster from the idea page brings their next idea to the inbox", async ({
  page,
}) => {
  const word = uniqueWord();
  const poster = await newBackendPerson("Poster Pia");
  const first = await postIdea(poster, { oneLiner: `Tide pools ${word}` });
  const fan = await newBackendPerson("Fan Femi");
  await signInBrowser(page, fan.person);
  await page.goto(`/expanded-proposal/${first}`);
  await expect(page.getByRole("link", { name: "Poster Pia" })).toHaveAttribute(
    "href",
    /\/creators\//,
  );
  await page.getByRole("button", { name: "Follow Poster Pia" }).click();
  await expect(page.getByRole("button", { name: "Following Poster Pia" })).toBeVisible();

  const second = `Salt marshes ${word}`;
  await postIdea(poster, { oneLiner: second });
  await expect(page.getByRole("link", { name: "Inbox 1 unread" })).toBeVisible({
    timeout: 15_000,
  });
  await page.goto("/inbox");
  await expect(
    page.getByRole("link", { name: `Poster Pia posted a new idea: "${second}".` }),
  ).toBeVisible();
});

test("the weekly digest arrives once for the person who switched it on, and never for the others", async ({
  page,
  newPerson,
}) => {
  test.setTimeout(180_000);
  const word = uniqueWord();
  const poster = await newBackendPerson("Poster Quin");
  await postIdea(poster, { oneLiner: `Lantern festivals ${word}`, hoursLeft: 24 * 30 });
  const reader = await newBackendPerson("Reader Ria");
  const other = await newBackendPerson("Other Oto");
  const quitter = await newBackendPerson("Quitter Qi");

  // Reader switches the digest on in Profile → Settings; Quitter switches it on and off again.
  await signInBrowser(page, reader.person);
  await page.goto("/profile?tab=settings");
  const toggle = page.getByRole("switch", { name: "The weekly digest: by email" });
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await expect(page.getByText("Saved: the weekly digest is on.")).toBeVisible();
  await expect(toggle).toBeChecked();
  const setDigest = makeFunctionReference<"mutation">("digest:setSubscription");
  await quitter.client.mutation(setDigest, { subscribed: true });
  await quitter.client.mutation(setDigest, { subscribed: false });

  // The clock reaches the cron's time: Monday 13:17 UTC.
  const monday = weekStartOf(stackNow()) + WEEK_MS + 13 * 3600_000 + 17 * 60_000;
  await moveClock(monday - Date.now() + 60_000);

  const mail = await newPerson();
  const digestsTo = (email: string) =>
    mail
      .locator("article")
      .filter({ hasText: "Ideas to fund or make this week on Bounties" })
      .filter({ hasText: email });
  await expect(async () => {
    await mail.goto(`${standInsUrl()}/resend/mailbox`);
    await expect(digestsTo(reader.person.email)).toHaveCount(1, { timeout: 1000 });
  }).toPass({ timeout: 60_000 });
  const email = digestsTo(reader.person.email);
  await expect(email).toContainText("Ideas to fund");
  await expect(email).toContainText("/expanded-proposal/");

  // The cron again within the week (a restart, a second deploy): still one.
  await runAsAdmin("mutation", "digest:start", {});
  await moveClock(monday - Date.now() + 2 * 3600_000);
  await mail.waitForTimeout(5000);
  await mail.goto(`${standInsUrl()}/resend/mailbox`);
  await expect(digestsTo(reader.person.email)).toHaveCount(1);
  await expect(digestsTo(other.person.email)).toHaveCount(0);
  await expect(digestsTo(quitter.person.email)).toHaveCount(0);

  // One click, signed out: no more digests.
  await email.getByRole("link", { name: "Unsubscribe (List-Unsubscribe)" }).click();
  await expect(mail.getByText("You will no longer get the weekly digest.")).toBeVisible();
});

test("the leaderboard moves live as an idea is funded; the home leads with live covers; phone cards stay compact", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const word = uniqueWord();
  const poster = await newBackendPerson("Poster Lee");
  const title = `Clockmakers of Prague ${word}`;
  const ideaId = await postIdea(poster, { oneLiner: title, brief: "A day at the bench." });

  await page.goto("/leaderboard");
  const thisWeek = page
    .getByRole("region", { name: "Most funded ideas" })
    .getByRole("group", { name: /^This week/ });
  await expect(thisWeek).toBeVisible();
  await expect(thisWeek.getByRole("link", { name: title })).toHaveCount(0);
  const backer = await newBackendPerson("Backer Bea");
  await fundIdea(backer.client, standInsUrl(), ideaId, 90_000, backer.person);
  // $900 tops this week's board, live.
  const row = thisWeek.getByRole("listitem").filter({ hasText: title });
  await expect(row).toContainText("$900.00", { timeout: 15_000 });
  await expect(thisWeek.getByRole("listitem").first()).toContainText(title);
  await shoot(page, "leaderboard");

  // The home: the covers of live bounties on a phone's first screen, then the counters.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  const live = page.getByRole("region", { name: "Live bounties" });
  await expect(live.getByRole("link", { name: new RegExp(title) })).toBeVisible();
  const liveTop = (await live.boundingBox())!.y;
  expect(liveTop).toBeLessThan(844);
  // Every card of the open bounties is compact on a phone (≤ 300 px) and prints its amount once.
  const cards = page.getByRole("region", { name: "Open Bounties" }).getByRole("article");
  await expect(cards.first()).toBeVisible();
  for (const card of await cards.all()) {
    await card.scrollIntoViewIfNeeded();
    const box = (await card.boundingBox())!;
    expect(box.height, (await card.getAttribute("aria-labelledby")) ?? "card").toBeLessThanOrEqual(
      300,
    );
  }
  const ours = cards.filter({ hasText: title });
  await expect(ours.getByText("$900.00")).toHaveCount(1);
  await expect(ours.getByText("1 backer")).toBeVisible();
  await expect(ours.getByRole("button", { name: `Contribute $5 to ${title}` })).toBeVisible();
  // Its pieces each have their own place: none is drawn over another.
  const pieces = [
    ours.getByRole("heading", { name: title }),
    ours.getByText("$900.00"),
    ours.getByText("1 backer"),
    ours.getByText("0 submissions"),
    ours.getByRole("group", { name: `Votes for “${title}”` }),
    ours.getByRole("button", { name: `Contribute $5 to ${title}` }),
  ];
  const boxes = await Promise.all(pieces.map(async (p) => (await p.boundingBox())!));
  for (const [i, a] of boxes.entries())
    for (const b of boxes.slice(i + 1)) {
      const apart =
        a.x + a.width <= b.x ||
        b.x + b.width <= a.x ||
        a.y + a.height <= b.y ||
        b.y + b.height <= a.y;
      expect(apart, `${JSON.stringify(a)} overlaps ${JSON.stringify(b)}`).toBe(true);
    }
  await shoot(page, "home");
  await shoot(page, "home-card-compact", ours);
});
