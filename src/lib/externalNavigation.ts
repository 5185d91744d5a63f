/**
 * Sends the browser to another site (Stripe Checkout, Stripe Connect onboarding). A module of
 * its own so tests can replace it: jsdom cannot navigate, and `window.location` cannot be spied on.
 */
export function goToExternal(url: string): void {
  window.location.assign(url);
}
