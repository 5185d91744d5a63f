// The app shell, the legal pages and the 404 page, on desktop and at 360 px.
import { expect, test } from "../support/fixtures.js";

test("the header links work and Login/Register show for a signed-out visitor", async ({
  page,
  visit,
}) => {
  await visit(page, "/terms-of-service");
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Login" })).toBeVisible();
  await expect(header.getByRole("link", { name: "Register" })).toBeVisible();
  await expect(header.getByRole("link", { name: "Profile" })).toHaveCount(0);
  await header.getByRole("link", { name: "Bounties", exact: true }).click();
  await expect(page).toHaveURL(/\/ideas$/);
  await header.getByRole("link", { name: "Discover" }).click();
  await expect(page).toHaveURL(/\/discover$/);
  await header.getByRole("link", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test("the footer has its four columns, the legal links and the 2024 copyright", async ({
  page,
  visit,
}) => {
  await visit(page, "/privacy-policy");
  const footer = page.getByRole("contentinfo");
  for (const heading of ["Bounties", "For Creators", "For Businesses", "Legal"]) {
    await expect(footer.getByRole("heading", { name: heading, exact: true })).toBeVisible();
  }
  await expect(footer).toContainText("© 2024 Bounties");
  await footer.getByRole("link", { name: "Terms of Service" }).click();
  await expect(page).toHaveURL(/\/terms-of-service$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Terms of Service");
});

test("the terms have 18 sections under Texas law; the privacy policy is dated and rules out ads and AI training", async ({
  page,
  visit,
}) => {
  await visit(page, "/terms-of-service");
  await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveCount(18);
  await expect(page.getByRole("main")).toContainText("State of Texas");
  await visit(page, "/privacy-policy");
  const main = page.getByRole("main");
  await expect(main).toContainText("November 6th, 2024");
  await expect(main).toContainText(
    /not use .*for advertising|never used for advertising|not used for advertising/i,
  );
  await expect(main).toContainText(/train(ing)? .*(AI|artificial intelligence)|AI .*model/i);
  await expect(main).toContainText("Google");
});

test("an unknown address shows the 404 page with a way back", async ({ page, visit }) => {
  await visit(page, "/no/such/page");
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page).toHaveTitle(/Page not found/);
  await page.getByRole("link", { name: /home page/i }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("each route change scrolls back to the top", async ({ page, visit }) => {
  await visit(page, "/terms-of-service");
  await page.mouse.wheel(0, 4000);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
  await expect(page).toHaveURL(/\/privacy-policy$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test.describe("at 360 px", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the mobile menu opens, holds the links, closes on navigation, and nothing scrolls sideways", async ({
    page,
    visit,
  }) => {
    await visit(page, "/terms-of-service");
    const toggle = page.getByRole("button", { name: "Open menu" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(
      page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Discover" }),
    ).toBeHidden();
    await toggle.click();
    await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute(
      "aria-expanded",
      "true",
    );
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Discover" })
      .click();
    await expect(page).toHaveURL(/\/discover$/);
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute(
      "aria-expanded",
      "false",
    );
    for (const path of ["/terms-of-service", "/privacy-policy", "/missing"]) {
      await visit(page, path);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow, `horizontal overflow on ${path}`).toBeLessThanOrEqual(0);
    }
  });
});
