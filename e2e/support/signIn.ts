// Signing in through the sign-in stand-in, as a person would.
import { expect, type Page } from "@playwright/test";

export interface Person {
  name: string;
  email: string;
}

let counter = 0;
/** A new person with a unique email for each test. */
export function newPersonDetails(name = "Test Person"): Person {
  counter += 1;
  return {
    name,
    email: `${name.toLowerCase().replace(/\W+/g, ".")}.${Date.now()}.${counter}@example.com`,
  };
}

/** From /login: choose the provider, then type the person on the stand-in's page. */
export async function signInAs(
  page: Page,
  person: Person,
  provider: "Google" | "Discord" = "Google",
) {
  await page.getByRole("button", { name: `Continue with ${provider}` }).click();
  await expect(page.getByRole("heading", { name: `Sign in with ${provider}` })).toBeVisible();
  await page.getByLabel("Name").fill(person.name);
  await page.getByLabel("Email").fill(person.email);
  await page.getByRole("button", { name: "Continue", exact: true }).click();
}

/** Saves onboarding choices on /onboard. */
export async function completeOnboarding(page: Page, accountType = "Viewer", platform = "Both") {
  // Onboarding keeps where the person was going (`?next=`), to return there after saving.
  await expect(page).toHaveURL(/\/onboard(\?next=[^&]+)?$/);
  await page.getByRole("radio", { name: accountType }).check();
  await page.getByRole("radio", { name: platform }).check();
  await page.getByRole("button", { name: "Save" }).click();
}

/** A new Creator's "connect your channel" step: skipped, on to where they were going. */
export async function skipConnectChannel(page: Page) {
  await expect(page).toHaveURL(/\/onboard\/channel/);
  await expect(page.getByRole("heading", { name: "Connect your channel" })).toBeVisible();
  await page.getByRole("link", { name: "Skip for now" }).click();
}

/** A brand-new person signed in and onboarded, ending on /ideas. */
export async function signUp(
  page: Page,
  person: Person,
  options: { accountType?: string; platform?: string } = {},
) {
  await page.goto("/login");
  await signInAs(page, person);
  await completeOnboarding(page, options.accountType, options.platform);
  if (options.accountType === "Creator") await skipConnectChannel(page);
  await expect(page).toHaveURL(/\/ideas$/);
}
