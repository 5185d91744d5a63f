// useCheckout(): starts a Stripe Checkout for a contribution and sends the browser there.
//
//   const { start, busy } = useCheckout();
//   await start(ideaId, amountCents);
//
// Toasts (spec §8): 'Preparing checkout...', then 'Redirecting to secure payment'; on a refusal
// from the server 'Payment failed: {message}' (default 'Failed to create checkout session'); on
// anything else 'Could not initialize payment'. Anonymous callers are allowed (the server
// records the contribution without a contributor); callers that require sign-in check it first.
import { useCallback, useEffect, useRef, useState } from "react";
import { useAction } from "convex/react";
import { ConvexError } from "convex/values";
import { toast } from "../../lib/toast";
import { api } from "../../../convex/_generated/api";
import { convexErrorMessage } from "../../lib/errors";
import { goToExternal } from "../../lib/externalNavigation";

export const PREPARING_CHECKOUT = "Preparing checkout...";
export const REDIRECTING_TO_PAYMENT = "Redirecting to secure payment";
export const DEFAULT_CHECKOUT_ERROR = "Failed to create checkout session";
export const CHECKOUT_INIT_ERROR = "Could not initialize payment";
/** Under the error when the server has not answered in time. */
export const CHECKOUT_TIMEOUT_DETAIL = "Checkout took too long to start. Please try again.";
/** How long "Preparing checkout..." may take before it gives up. */
export const CHECKOUT_TIMEOUT_MS = 10_000;

class CheckoutTimeout extends Error {}

/** One toast, updated in place from "preparing" to "redirecting" or to the error. */
const TOAST_ID = "checkout";

export interface Checkout {
  /**
   * Creates the checkout and navigates to it; resolves once the browser is on its way (or
   * failed). `showName`: the signed-in backer's name shows on the backers list.
   */
  start: (ideaId: string, amountCents: number, options?: { showName?: boolean }) => Promise<void>;
  /** True from the click until the page leaves, or until the attempt failed. */
  busy: boolean;
}

export function useCheckout(): Checkout {
  const startCheckout = useAction(api.contributions.startCheckout);
  const [busy, setBusy] = useState(false);
  // A second click before React re-renders must not start a second checkout.
  const inFlight = useRef(false);
  // The attempt whose answer may still send the browser to payment; one given up on (timed out,
  // or its page left) is never acted on when its answer finally arrives.
  const currentAttempt = useRef(0);
  useEffect(
    () => () => {
      currentAttempt.current++;
    },
    [],
  );

  // Coming back with the browser's Back button can restore this page from the back/forward
  // cache with the button still busy: make it usable again.
  useEffect(() => {
    function onPageShow(event: PageTransitionEvent) {
      if (!event.persisted) return;
      inFlight.current = false;
      setBusy(false);
      toast.dismiss(TOAST_ID);
    }
    window.addEventListener("pageshow", onPageShow);
    return () => window.removeEventListener("pageshow", onPageShow);
  }, []);

  const start = useCallback(
    async (ideaId: string, amountCents: number, options: { showName?: boolean } = {}) => {
      if (inFlight.current) return;
      inFlight.current = true;
      const attempt = ++currentAttempt.current;
      setBusy(true);
      toast(PREPARING_CHECKOUT, { id: TOAST_ID });
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new CheckoutTimeout()), CHECKOUT_TIMEOUT_MS);
      });
      try {
        const { url } = await Promise.race([
          startCheckout({ ideaId, amountCents, ...(options.showName ? { showName: true } : {}) }),
          timeout,
        ]);
        if (attempt !== currentAttempt.current) return;
        toast.success(REDIRECTING_TO_PAYMENT, { id: TOAST_ID });
        goToExternal(url);
        // Stay busy: the page is leaving.
      } catch (error) {
        if (attempt !== currentAttempt.current) return;
        // Given up on: a late answer from this attempt must not redirect.
        currentAttempt.current++;
        if (error instanceof CheckoutTimeout)
          toast.error(CHECKOUT_INIT_ERROR, { id: TOAST_ID, description: CHECKOUT_TIMEOUT_DETAIL });
        else {
          const message =
            error instanceof ConvexError
              ? `Payment failed: ${convexErrorMessage(error) ?? DEFAULT_CHECKOUT_ERROR}`
              : CHECKOUT_INIT_ERROR;
          toast.error(message, { id: TOAST_ID });
        }
        inFlight.current = false;
        setBusy(false);
      } finally {
        clearTimeout(timer);
      }
    },
    [startCheckout],
  );

  return { start, busy };
}
