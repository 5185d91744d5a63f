// Every bounty tells its story: a contributor hears their payment confirmed and a new video in
// the live bell and inbox, gets the money email in the Resend stand-in's mailbox, and
// unsubscribes from that kind with the email's one-click link, signed out.
import { expect, test } from "../support/fixtures.js";
import { fn, newBackendPerson, postIdea, standInsUrl, uniqueWord } from "../support/backend.js";
import { connectYouTube, fundIdea, uploadYouTubeVideo } from "../../local/stack/scriptedFlows.js";
import { signInBrowser } from "../support/browser.js";

test("a contributor follows the idea's story in the bell, the inbox and by email, and unsubscribes in one click", async ({
  page,
  newPerson,
}) => {
  const word = uniqueWord();
  const title = `Lighthouses of Maine ${word}`;
  const poster = await newBackendPerson("Idea Poster");
  const ideaId = await postIdea(poster, { oneLiner: title });
  const fan = await newBackendPerson("Fan Fatima");
  await fundIdea(fan.client, standInsUrl(), ideaId, 500, fan.person);

  await signInBrowser(page, fan.person);
  await expect(page.getByRole("link", { name: "Inbox 1 unread" })).toBeVisible({
    timeout: 15_000,
  });
  await page.goto(`/expanded-proposal/${ideaId}`);
  // Contributors follow automatically.
  await expect(page.getByRole("button", { name: "Following" })).toBeVisible();

  const creator = await newBackendPerson("Creator Ola", "Creator");
  await connectYouTube(creator.client, creator.person);
  const url = await uploadYouTubeVideo(standInsUrl(), creator.person.email, {
    title: `One take ${word}`,
    durationSeconds: 150,
  });
  await creator.client.action(fn.submitVideo, { ideaId: ideaId, link: url });
  await expect(page.getByRole("link", { name: "Inbox 2 unread" })).toBeVisible({
    timeout: 15_000,
  });

  await page.getByRole("link", { name: "Inbox 2 unread" }).click();
  await expect(page).toHaveURL(/\/inbox$/);
  await expect(
    page.getByRole("link", {
      name: `A new video was submitted to "${title}": "One take ${word}".`,
    }),
  ).toBeVisible();
  await expect(
    page.getByRole("link", { name: `Your payment of $5.00 to "${title}" is confirmed.` }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Mark all as read" }).click();
  await expect(page.getByRole("link", { name: "Inbox", exact: true })).toBeVisible();

  // The money email arrived (the video's is opt-in): read it in the stand-in's mailbox.
  const mail = await newPerson();
  await mail.goto(`${standInsUrl()}/resend/mailbox`);
  const email = mail
    .locator("article")
    .filter({ hasText: `Your payment was confirmed: ${title}` })
    .filter({ hasText: fan.person.email });
  await expect(email).toHaveCount(1);
  await expect(email).toContainText("$5.00");
  await expect(
    mail.locator("article").filter({ hasText: `A video was submitted: ${title}` }),
  ).toHaveCount(0);
  // One click, signed out.
  await email.getByRole("link", { name: "Unsubscribe (List-Unsubscribe)" }).click();
  await expect(mail.getByText("You will no longer get emails about")).toBeVisible();

  await page.goto("/profile?tab=settings");
  await expect(
    page.getByRole("switch", { name: "Your payment was confirmed: by email" }),
  ).not.toBeChecked();
  await expect(page.getByRole("switch", { name: "Your refund was sent: by email" })).toBeChecked();
});
