// One origin: the app opened at 127.0.0.1 instead of SITE_URL's localhost is sent to SITE_URL
// first, so sign-in — which the provider ends at SITE_URL — finishes signed in.
import { expect, test } from "../support/fixtures.js";
import { completeOnboarding, newPersonDetails, signInAs } from "../support/signIn.js";

test("sign-in started from 127.0.0.1 ends signed in", async ({ page, baseURL }) => {
  const site = new URL(baseURL!);
  const other = `http://127.0.0.1:${site.port}`;
  await page.goto(`${other}/login?next=%2Fsubmit`);
  // Sent to SITE_URL's origin before the page even loads, keeping the path.
  await expect(page).toHaveURL(`${site.origin}/login?next=%2Fsubmit`);
  await signInAs(page, newPersonDetails("Origin person"));
  await completeOnboarding(page);
  await expect(page).toHaveURL(`${site.origin}/submit`);
  await expect(page.getByRole("banner").getByRole("link", { name: "Profile" })).toBeVisible();
});
