// Shared fixtures: an accessibility check for every visited page, extra browser contexts
// (several people at once, for live updates) with screenshots of all of them on failure.
import {
  test as base,
  expect,
  type Browser,
  type BrowserContext,
  type Page,
} from "@playwright/test";
import { AxeBuilder } from "@axe-core/playwright";
import { currentStack } from "./stack.js";

export { expect };

/**
 * Fails on serious or critical axe-core violations of the page as it is now; with
 * `{ allImpacts: true }`, on any violation (minor and moderate too).
 */
export async function expectAccessible(
  page: Page,
  label = page.url(),
  { allImpacts = false }: { allImpacts?: boolean } = {},
) {
  // Colours change with a transition (a switch to dark, a hover): axe reads the colours of the
  // moment, so it waits until every transition has ended (an endless animation, a spinner or a
  // skeleton's shimmer, is not a transition).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter(
    (v) => allImpacts || v.impact === "serious" || v.impact === "critical",
  );
  const summary = blocking.map(
    (v) =>
      `${v.impact}: ${v.id} (${v.help}) ×${v.nodes.length} e.g. ${v.nodes[0]?.target.join(" ")}`,
  );
  expect(summary, `accessibility of ${label}`).toEqual([]);
}

interface Fixtures {
  /** Opens a page in a fresh browser context (another person). */
  newPerson: (options?: { viewport?: { width: number; height: number } }) => Promise<Page>;
  /** Navigates and checks accessibility once the page has settled. */
  visit: (page: Page, path: string) => Promise<void>;
}

export const test = base.extend<Fixtures>({
  // This worker's own stack (support/stack.ts).
  baseURL: async ({}, use) => {
    await use(currentStack().webUrl);
  },
  newPerson: async (
    { browser, baseURL }: { browser: Browser; baseURL?: string },
    use,
    testInfo,
  ) => {
    const contexts: BrowserContext[] = [];
    await use(async (options = {}) => {
      const context = await browser.newContext({
        baseURL,
        viewport: options.viewport ?? { width: 1280, height: 800 },
      });
      contexts.push(context);
      return context.newPage();
    });
    if (testInfo.status !== testInfo.expectedStatus) {
      for (const [i, context] of contexts.entries()) {
        for (const [j, page] of context.pages().entries()) {
          await testInfo.attach(`person-${i + 1}-page-${j + 1}`, {
            body: await page.screenshot({ fullPage: true }).catch(() => Buffer.alloc(0)),
            contentType: "image/png",
          });
        }
      }
    }
    await Promise.all(contexts.map((c) => c.close()));
  },
  visit: async ({}, use) => {
    await use(async (page, path) => {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      await expectAccessible(page, path);
    });
  },
});
