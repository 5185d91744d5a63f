// Steps in the browser every journey shares: signing in through the sign-in stand-in, and
// screenshots on demand for people to look at.
import type { Locator, Page } from "@playwright/test";
import { expect } from "./fixtures.js";
import { signInAs, type Person } from "./signIn.js";

/** Signs the person in from /login; they land on the ideas list. */
export async function signInBrowser(page: Page, person: Person) {
  await page.goto("/login");
  await signInAs(page, person);
  await expect(page).toHaveURL(/\/ideas$/);
}

/** The folder screenshots go to (E2E_SHOTS), or null when nobody asked for them. */
export const shotsFolder = (): string | null => process.env.E2E_SHOTS || null;

/**
 * With E2E_SHOTS=<folder>: the page (or one element of it) at 1280 and 390 px, light and dark,
 * as `<name>-<width>-<scheme>.png`. Does nothing otherwise.
 */
export async function shoot(page: Page, name: string, what?: Locator) {
  const folder = shotsFolder();
  if (!folder) return;
  const size = page.viewportSize();
  for (const width of [1280, 390])
    for (const colorScheme of ["light", "dark"] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme });
      await page.waitForTimeout(300);
      const path = `${folder}/${name}-${width}-${colorScheme}.png`;
      if (what) await what.screenshot({ path });
      else await page.screenshot({ path, fullPage: true });
    }
  if (size) await page.setViewportSize(size);
  await page.emulateMedia({ colorScheme: "light" });
}
