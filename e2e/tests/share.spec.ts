// Sharing an idea and never losing one's place: the share buttons copy the idea's share link,
// that link unfurls with the idea's own tags and image, and a session that ends on an idea link
// leaves the idea open.
import { expect, test } from "../support/fixtures.js";
import { newBackendPerson, postIdea, uniqueWord } from "../support/backend.js";
import { completeOnboarding, newPersonDetails, signInAs } from "../support/signIn.js";

test("share on the idea page copies the idea's share link, which unfurls as that idea", async ({
  page,
  context,
  visit,
}) => {
  const author = await newBackendPerson("Sharing Author");
  const title = `Night markets of Lagos ${uniqueWord()}`;
  const id = await postIdea(author, { oneLiner: title });
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);

  await visit(page, `/expanded-proposal/${id}`);
  const share = page.getByRole("group", { name: "Share this idea" });
  await expect(share.getByRole("link", { name: /WhatsApp/ })).toBeVisible();
  await share.getByRole("button", { name: "Copy link" }).click();
  await expect(share.getByRole("button", { name: "Link copied" })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  // On the product's own domain (SITE_URL), whose host rewrites /share/* to the HTTP actions.
  expect(copied).toBe(`${new URL(page.url()).origin}/share/${id}`);

  const unfurl = await page.request.get(copied, { maxRedirects: 0 });
  expect(unfurl.status()).toBe(200);
  const html = await unfurl.text();
  expect(html).toContain(`<title>${title} · Bounties</title>`);
  const image = html.match(/<meta property="og:image" content="([^"]+)"/)?.[1];
  expect(image).toMatch(new RegExp(`/share/${id}/image\\.png\\?v=`));
  const png = await page.request.get(image!.replace(/&amp;/g, "&"));
  expect(png.headers()["content-type"]).toBe("image/png");
  const bytes = await png.body();
  expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1200, 630]);

  // A person following the link lands on the idea page.
  await page.goto(copied);
  await expect(page).toHaveURL(new RegExp(`/expanded-proposal/${id}$`));
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
});

test("a session that expires on an idea link keeps the idea page open, with a way to sign in", async ({
  page,
  visit,
}) => {
  const author = await newBackendPerson("Idea Author");
  const title = `Lighthouse keepers ${uniqueWord()}`;
  const id = await postIdea(author, { oneLiner: title });
  // The browser's clock, so the session's token can be made to run out.
  await page.clock.install();

  await visit(page, "/login");
  await signInAs(page, newPersonDetails("Returning Reader"));
  await completeOnboarding(page);
  await visit(page, `/expanded-proposal/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Profile" })).toBeVisible();

  // The session can no longer be refreshed (revoked or expired server-side), and its token runs
  // out: the client tries to refresh, fails, and the session ends while the idea is open.
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage))
      if (key.startsWith("__convexAuthRefreshToken")) localStorage.setItem(key, "revoked|token");
  });
  await page.clock.fastForward("02:00:00");

  await expect(page.getByText("Your session has ended.")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/expanded-proposal/${id}$`));
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Login" })).toBeVisible();
  await page.getByRole("link", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
});
