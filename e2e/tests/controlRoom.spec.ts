// A poster runs their idea (issue 36), in the browser on the stack: a backer funds with a preset
// amount and shows their name; the poster opens the control room from the idea page, edits the
// brief (the idea page shows "edited" with its history; the creator who submitted is told),
// extends the deadline (a backer takes their money back and Stripe refunds it), tops up with a
// preset, and emails an update to the backers — it arrives in the Resend stand-in's mailbox once.
import type { Page } from "@playwright/test";
import { makeFunctionReference } from "convex/server";
import { expect, expectAccessible, test } from "../support/fixtures.js";
import {
  newBackendPerson,
  postIdea,
  standInsUrl,
  stripeState,
  uniqueWord,
} from "../support/backend.js";
import { creator, submitVideo } from "../support/money.js";
import { shoot, signInBrowser } from "../support/browser.js";
import { fundIdea } from "../../local/stack/scriptedFlows.js";

const inbox = makeFunctionReference<"query">("notifications:inbox");

const toast = (page: Page, text: string | RegExp) =>
  page.locator("[data-sonner-toast]").filter({ hasText: text });

/** On the stand-in's hosted checkout: pays as the person. */
async function payOnStandIn(page: Page, payer: { email: string; name: string }, amount: string) {
  await expect(page.getByRole("heading", { name: `Pay ${amount} to Bounties` })).toBeVisible();
  await page.getByLabel("Email").fill(payer.email);
  await page.getByLabel("Name on card").fill(payer.name);
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page).toHaveURL(/\/contribution\/cs_/);
}

async function emailsTo(address: string) {
  const response = await fetch(`${standInsUrl()}/__control/resend/emails`);
  const { emails } = (await response.json()) as {
    emails: { to: string[]; subject: string; text: string }[];
  };
  return emails.filter((e) => e.to.includes(address));
}

test("a poster edits, extends, tops up and emails their backers; a backer funds with a preset and takes their money back", async ({
  page,
  newPerson,
}) => {
  test.setTimeout(240_000);
  const word = uniqueWord();
  const title = `Harbour lights ${word}`;
  const poster = await newBackendPerson("Poster Pia");
  const ideaId = await postIdea(poster, {
    oneLiner: title,
    hoursLeft: 24 * 5,
    brief: "Show the harbour at night.",
    links: ["https://example.com/harbour"],
  });
  const maker = await creator("Creator Cal", false);
  await submitVideo(maker, ideaId, `Night harbour ${word}`);
  // A backer who stays (funded through the API).
  const stays = await newBackendPerson("Backer Stella");
  await fundIdea(stays.client, standInsUrl(), ideaId, 500, stays.person);

  // A backer funds $25 with a preset, showing their name.
  const backer = await newBackendPerson("Backer Bo");
  const backerPage = await newPerson();
  await signInBrowser(backerPage, backer.person);
  await backerPage.goto(`/expanded-proposal/${ideaId}`);
  await backerPage.getByRole("radio", { name: "$25" }).check();
  await backerPage.getByRole("checkbox", { name: "Show my name on the backers list" }).check();
  await expect(
    backerPage.getByRole("button", { name: "Fund This Bounty" }),
  ).toHaveAccessibleDescription(/\$25\.00/);
  await backerPage.getByRole("button", { name: "Fund This Bounty" }).click();
  await payOnStandIn(backerPage, backer.person, "$25.00");
  // The public list: their name and the date, never an amount; the other backer as "A backer".
  await backerPage.goto(`/expanded-proposal/${ideaId}`);
  const backers = backerPage.getByTestId("backers-list");
  await expect(backers).toContainText("Backer Bo", { timeout: 30_000 });
  await expect(backers).toContainText("A backer");
  await expect(backers).not.toContainText("$");
  await shoot(backerPage, "backers-list", backers);

  // The poster opens the control room from the idea page.
  await signInBrowser(page, poster.person);
  await page.goto(`/expanded-proposal/${ideaId}`);
  await page.getByRole("link", { name: "Manage your idea" }).click();
  await expect(page).toHaveURL(new RegExp(`/expanded-proposal/${ideaId}/manage$`));
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const stats = page.getByTestId("control-room-stats");
  await expect(stats).toContainText("Backers2");
  // The backer's visit counted (the poster's own never do).
  await expect(stats).toContainText("Page views1");
  await expect(page.getByTestId("poster-backers")).toContainText("$25.00");
  await expectAccessible(page, "the control room");

  // Edit the brief: saved, shown as edited with its history, the creator told.
  await page
    .getByLabel("What should the video show?")
    .fill("Show the harbour at night, from a boat.");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page, "Saved.")).toBeVisible();
  await backerPage.goto(`/expanded-proposal/${ideaId}`);
  await expect(backerPage.getByText("Show the harbour at night, from a boat.")).toBeVisible();
  await backerPage.getByText(/^Edited .* · history$/).click();
  const edit = backerPage.getByTestId("idea-edit").first();
  await expect(edit.locator("del")).toHaveText("Show the harbour at night.");
  await expect(edit.locator("ins")).toHaveText("Show the harbour at night, from a boat.");
  await expect
    .poll(
      async () =>
        (
          (await maker.client.query(inbox, { paginationOpts: { numItems: 20, cursor: null } })) as {
            page: { text: string }[];
          }
        ).page.map((n) => n.text),
      { timeout: 30_000 },
    )
    .toContain(`The poster of "${title}" edited the brief. Check that your video still fits.`);

  // Extend the deadline by 3 days.
  await page.getByLabel("Extend by (days)").fill("3");
  await page.getByRole("button", { name: "Extend the deadline" }).click();
  await expect(toast(page, /The deadline is now/)).toBeVisible();
  await expect(page.getByText(/Extended once by 3 days/)).toBeVisible();
  await shoot(page, "control-room");

  // The backer may take their money back until the original deadline: a real refund.
  await backerPage.reload();
  const mine = backerPage.getByTestId("your-contribution");
  await expect(mine).toContainText("The poster extended the deadline", { timeout: 30_000 });
  await mine.getByRole("button", { name: "Take my money back" }).click();
  await mine.getByRole("button", { name: "Refund $25.00 to my card" }).click();
  await expect(toast(backerPage, "Your refund has started")).toBeVisible();
  await expect(mine).toContainText("$25.00 refunded on", { timeout: 30_000 });
  const refunds = (await stripeState()).refunds.filter((r) => r.amount === 2500);
  expect(refunds.map((r) => r.status)).toEqual(["succeeded"]);
  await expect(backers).not.toContainText("Backer Bo");

  // The poster tops up with a preset: their own contribution.
  await page.reload();
  await page.getByRole("radio", { name: "$10" }).check();
  await page.getByRole("button", { name: "Top up the bounty" }).click();
  await payOnStandIn(page, poster.person, "$10.00");
  await page.goto(`/expanded-proposal/${ideaId}`);
  await expect(page.getByTestId("bounty-amount")).toHaveText("$15.00", { timeout: 30_000 });

  // An update emailed to the backers: once, in the mailbox; not twice in a day.
  await page.goto(`/expanded-proposal/${ideaId}/manage`);
  // Other emails name the idea (the extension, say): this one is found by its own words.
  const update = `Boats booked for Friday ${word}.`;
  await page.getByLabel("Your update").fill(update);
  await page.getByRole("button", { name: "Email this update to backers" }).click();
  await expect(toast(page, "Sent.")).toBeVisible();
  await expect
    .poll(
      async () =>
        (await emailsTo(stays.person.email)).filter((e) => e.text.includes(update)).length,
      {
        timeout: 60_000,
      },
    )
    .toBe(1);
  const [sent] = (await emailsTo(stays.person.email)).filter((e) => e.text.includes(update));
  expect(sent!.subject).toBe(`An update from the poster of ${title}`);
  expect(sent!.text).toContain(update);
  // The backer who took their money back is no longer emailed.
  expect((await emailsTo(backer.person.email)).filter((e) => e.text.includes(update))).toEqual([]);
  await expect(page.getByText("You emailed your backers recently")).toBeVisible();
  await expect(page.getByRole("button", { name: "Email this update to backers" })).toBeDisabled();
  const mail = await newPerson();
  await mail.goto(`${standInsUrl()}/resend/mailbox`);
  await expect(
    mail.locator("article").filter({ hasText: `An update from the poster of ${title}` }),
  ).toHaveCount(1);

  // Someone else cannot open the control room.
  await backerPage.goto(`/expanded-proposal/${ideaId}/manage`);
  await expect(
    backerPage.getByRole("heading", { name: "Only the idea's poster can manage it." }),
  ).toBeVisible();
});
