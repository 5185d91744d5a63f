// The product's own origin: SITE_URL, where sign-in providers and Stripe send people back.
// The build learns it as VITE_SITE_URL (unset: the app makes no assumption about its address).

export function siteOrigin(): string | null {
  const site = import.meta.env.VITE_SITE_URL as string | undefined;
  if (!site) return null;
  try {
    return new URL(site).origin;
  } catch {
    return null;
  }
}

/**
 * Where sign-in has to start when this page is served from another origin (sign-in keeps its
 * verifier in the origin where it started, and the provider returns to SITE_URL); null when
 * this is the right place.
 */
export function signInOriginElsewhere(current: string = window.location.origin): string | null {
  const site = siteOrigin();
  return site !== null && site !== current ? site : null;
}
