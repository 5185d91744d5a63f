// Light and dark mode, toasts that are readable and stay clear of the header, and the first
// paint before any JavaScript has run.
import type { Locator, Page } from "@playwright/test";
import { expect, expectAccessible, test } from "../support/fixtures.js";
import { newBackendPerson, postIdea, uniqueWord } from "../support/backend.js";
import { newPersonDetails, signUp } from "../support/signIn.js";

/** The relative luminance contrast of two computed CSS colours ("rgb(r, g, b)"). */
function contrast(a: string, b: string): number {
  const luminance = (css: string) => {
    const [r, g, b] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map((n) => {
      const c = Number(n) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

async function showErrorToast(page: Page) {
  await page.goto("/submit");
  await page.getByRole("button", { name: "Submit Idea!" }).click();
  const toast = page.locator("[data-sonner-toast][data-type='error']");
  await expect(toast).toBeVisible();
  await expect(toast).toHaveAttribute("data-mounted", "true");
  // The pointer on it pauses its timer, so it stays while it is checked.
  await toast.hover();
  return toast;
}

/** Once its slide-in has settled, the toast's top edge is at or below the header's bottom. */
async function expectBelowHeader(page: Page, toast: Locator) {
  const header = (await page.getByRole("banner").boundingBox())!;
  await expect
    .poll(async () => (await toast.boundingBox())!.y, { timeout: 3000 })
    .toBeGreaterThanOrEqual(header.y + header.height);
  // And it stays there (not a frame caught mid-animation).
  await page.waitForTimeout(600);
  expect((await toast.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height);
}

for (const colorScheme of ["light", "dark"] as const) {
  test(`${colorScheme} mode: the main pages and a visible toast have no accessibility violations of any impact`, async ({
    browser,
    baseURL,
  }) => {
    // Six pages under axe and a sign-up: on a busy two-core machine that takes over a minute.
    test.setTimeout(180_000);
    const helper = await newBackendPerson("Scheme Helper");
    const ideaId = await postIdea(helper, { oneLiner: `A ${colorScheme} idea ${uniqueWord()}` });
    const context = await browser.newContext({
      baseURL,
      colorScheme,
    });
    const page = await context.newPage();
    try {
      const paths = ["/", "/ideas", `/expanded-proposal/${ideaId}`, "/submit", "/completed"];
      for (const path of [...paths, "/nowhere-at-all"]) {
        await page.goto(path);
        await page.waitForLoadState("networkidle");
        // The route's own content, not the lazy chunk's brief loading state.
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expectAccessible(page, `${path} (${colorScheme})`, { allImpacts: true });
      }
      // The page really is in the requested scheme.
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(background).toBe(colorScheme === "dark" ? "rgb(15, 23, 42)" : "rgb(255, 255, 255)");

      await signUp(page, newPersonDetails(`Scheme ${colorScheme}`));
      const toast = await showErrorToast(page);
      await expectBelowHeader(page, toast);
      await expectAccessible(page, `/submit with an error toast (${colorScheme})`, {
        allImpacts: true,
      });
      await expect(toast).toBeVisible();

      // Our AA colours apply (not the library's own), and the toast sits below the header.
      const colours = await toast.evaluate((el) => {
        const style = getComputedStyle(el);
        return { text: style.color, background: style.backgroundColor };
      });
      expect(colours).toEqual(
        colorScheme === "dark"
          ? { text: "rgb(254, 202, 202)", background: "rgb(59, 10, 10)" }
          : { text: "rgb(153, 27, 27)", background: "rgb(254, 242, 242)" },
      );
      expect(contrast(colours.text, colours.background)).toBeGreaterThanOrEqual(4.5);
    } finally {
      await context.close();
    }
  });
}

test("at 360 px the toast stays below the header too", async ({ browser, baseURL }) => {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 360, height: 740 },
  });
  const page = await context.newPage();
  try {
    await signUp(page, newPersonDetails("Narrow Toast"));
    const toast = await showErrorToast(page);
    await expectBelowHeader(page, toast);
  } finally {
    await context.close();
  }
});
