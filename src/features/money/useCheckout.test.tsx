import { act, renderHook } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ConvexError } from "convex/values";
import { toast } from "sonner";
import { CHECKOUT_TIMEOUT_DETAIL, CHECKOUT_TIMEOUT_MS, useCheckout } from "./useCheckout";
import { goToExternal } from "../../lib/externalNavigation";
import { deferred, mockConvex } from "../../test/money";

vi.mock("convex/react", () => ({
  useConvexAuth: vi.fn(),
  useQuery: vi.fn(),
  useMutation: vi.fn(),
  useAction: vi.fn(),
}));
vi.mock("sonner", () => ({
  toast: Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn(), dismiss: vi.fn() }),
}));
vi.mock("../../lib/externalNavigation", () => ({ goToExternal: vi.fn() }));

const startCheckout = vi.fn();

beforeEach(() => {
  vi.clearAllMocks();
  mockConvex({ actions: { "contributions:startCheckout": startCheckout } });
});

describe("useCheckout", () => {
  it("prepares the checkout, says it is redirecting, and goes to Stripe", async () => {
    const call = deferred<{ url: string; contributionId: string }>();
    startCheckout.mockReturnValue(call.promise);
    const { result } = renderHook(() => useCheckout());

    let started!: Promise<void>;
    act(() => {
      started = result.current.start("idea_1", 500);
    });

    expect(startCheckout).toHaveBeenCalledWith({ ideaId: "idea_1", amountCents: 500 });
    expect(toast).toHaveBeenCalledWith("Preparing checkout...", expect.anything());
    expect(result.current.busy).toBe(true);
    expect(goToExternal).not.toHaveBeenCalled();

    await act(async () => {
      call.resolve({ url: "https://checkout.stripe.test/c/pay/cs_1", contributionId: "c1" });
      await started;
    });

    expect(toast.success).toHaveBeenCalledWith("Redirecting to secure payment", expect.anything());
    expect(goToExternal).toHaveBeenCalledWith("https://checkout.stripe.test/c/pay/cs_1");
    // The page is leaving: the button stays busy.
    expect(result.current.busy).toBe(true);
  });

  it("starts one checkout for a double click", async () => {
    startCheckout.mockReturnValue(new Promise(() => {}));
    const { result } = renderHook(() => useCheckout());

    act(() => {
      void result.current.start("idea_1", 500);
      void result.current.start("idea_1", 500);
    });

    expect(startCheckout).toHaveBeenCalledTimes(1);
  });

  it("shows the server's message when it refuses", async () => {
    startCheckout.mockRejectedValue(
      new ConvexError({ message: "This idea is no longer accepting contributions." }),
    );
    const { result } = renderHook(() => useCheckout());

    await act(() => result.current.start("idea_1", 500));

    expect(toast.error).toHaveBeenCalledWith(
      "Payment failed: This idea is no longer accepting contributions.",
      expect.anything(),
    );
    expect(goToExternal).not.toHaveBeenCalled();
    expect(result.current.busy).toBe(false);
  });

  it("falls back to 'Failed to create checkout session' for a refusal without a message", async () => {
    startCheckout.mockRejectedValue(new ConvexError({}));
    const { result } = renderHook(() => useCheckout());

    await act(() => result.current.start("idea_1", 500));

    expect(toast.error).toHaveBeenCalledWith(
      "Payment failed: Failed to create checkout session",
      expect.anything(),
    );
  });

  it("says 'Could not initialize payment' for anything else, and can try again", async () => {
    startCheckout.mockRejectedValueOnce(new Error("network down"));
    const { result } = renderHook(() => useCheckout());

    await act(() => result.current.start("idea_1", 500));

    expect(toast.error).toHaveBeenCalledWith("Could not initialize payment", expect.anything());
    expect(result.current.busy).toBe(false);

    startCheckout.mockResolvedValue({ url: "https://checkout.stripe.test/x", contributionId: "c" });
    await act(() => result.current.start("idea_1", 500));
    expect(goToExternal).toHaveBeenCalledWith("https://checkout.stripe.test/x");
  });

  it("gives up after about 10 seconds with an error, and never redirects when the answer comes late", async () => {
    vi.useFakeTimers();
    try {
      const call = deferred<{ url: string; contributionId: string }>();
      startCheckout.mockReturnValue(call.promise);
      const { result } = renderHook(() => useCheckout());
      let started!: Promise<void>;
      act(() => {
        started = result.current.start("idea_1", 500);
      });
      await act(async () => {
        vi.advanceTimersByTime(CHECKOUT_TIMEOUT_MS - 1);
      });
      expect(toast.error).not.toHaveBeenCalled();
      expect(result.current.busy).toBe(true);

      await act(async () => {
        vi.advanceTimersByTime(1);
        await started;
      });
      expect(toast.error).toHaveBeenCalledWith("Could not initialize payment", {
        id: "checkout",
        description: CHECKOUT_TIMEOUT_DETAIL,
      });
      expect(result.current.busy).toBe(false);

      await act(async () => {
        call.resolve({ url: "https://checkout.stripe.test/c/pay/cs_late", contributionId: "c1" });
        await call.promise;
      });
      expect(goToExternal).not.toHaveBeenCalled();
      expect(toast.success).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it("does not redirect once the page that asked is gone", async () => {
    const call = deferred<{ url: string; contributionId: string }>();
    startCheckout.mockReturnValue(call.promise);
    const { result, unmount } = renderHook(() => useCheckout());
    act(() => {
      void result.current.start("idea_1", 500);
    });
    unmount();
    await act(async () => {
      call.resolve({ url: "https://checkout.stripe.test/c/pay/cs_1", contributionId: "c1" });
      await call.promise;
    });
    expect(goToExternal).not.toHaveBeenCalled();
  });
});
