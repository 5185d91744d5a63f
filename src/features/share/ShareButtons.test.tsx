import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import ShareButtons from "./ShareButtons";

const ID = "k57abc123";

function setNavigator(props: Partial<Record<"share" | "clipboard", unknown>>) {
  for (const [key, value] of Object.entries(props))
    Object.defineProperty(navigator, key, { value, configurable: true, writable: true });
}

/** A phone (a coarse pointer) or a computer (a mouse). */
function setPointer(kind: "coarse" | "fine") {
  window.matchMedia = vi.fn().mockImplementation((query: string) => ({
    matches: query === "(pointer: coarse)" && kind === "coarse",
    media: query,
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  })) as unknown as typeof window.matchMedia;
}

beforeEach(() => setPointer("coarse"));

afterEach(() => {
  setNavigator({ share: undefined, clipboard: undefined });
  vi.unstubAllEnvs();
  // @ts-expect-error jsdom has no matchMedia; tests add one.
  delete window.matchMedia;
});

describe("ShareButtons", () => {
  it("without the Web Share API: copies the idea's share link and offers X, WhatsApp, Reddit and email", async () => {
    vi.stubEnv("VITE_CONVEX_SITE_URL", "https://happy-cat-1.convex.site/");
    // After userEvent.setup(), which installs a clipboard of its own.
    const user = userEvent.setup();
    const writeText = vi.fn().mockResolvedValue(undefined);
    setNavigator({ share: undefined, clipboard: { writeText } });
    render(<ShareButtons ideaId={ID} title="Lagos & night" heading="Ask friends to chip in" />);

    expect(screen.getByRole("group", { name: "Ask friends to chip in" })).toBeInTheDocument();
    const link = `https://happy-cat-1.convex.site/share/${ID}`;
    await user.click(screen.getByRole("button", { name: "Copy link" }));
    expect(writeText).toHaveBeenCalledWith(link);
    expect(screen.getByRole("button", { name: "Link copied" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Link copied");

    const href = (name: RegExp) => screen.getByRole("link", { name }).getAttribute("href")!;
    expect(href(/^X/)).toContain(`url=${encodeURIComponent(link)}`);
    expect(href(/^WhatsApp/)).toContain(encodeURIComponent(link));
    expect(href(/^Reddit/)).toBe(
      `https://www.reddit.com/submit?url=${encodeURIComponent(link)}&title=Lagos%20%26%20night`,
    );
    expect(href(/^Email/)).toMatch(/^mailto:\?subject=Lagos%20%26%20night&body=/);
    expect(screen.queryByRole("button", { name: "Share" })).toBeNull();
  });

  it("shows the link to copy by hand when the clipboard refuses", async () => {
    vi.stubEnv("VITE_CONVEX_SITE_URL", "https://happy-cat-1.convex.site");
    const user = userEvent.setup();
    setNavigator({
      share: undefined,
      clipboard: { writeText: vi.fn().mockRejectedValue(new Error("denied")) },
    });
    render(<ShareButtons ideaId={ID} title="Idea" />);
    await user.click(screen.getByRole("button", { name: "Copy link" }));
    expect(screen.getByLabelText("Copy this link:")).toHaveValue(
      `https://happy-cat-1.convex.site/share/${ID}`,
    );
    expect(screen.queryByRole("button", { name: "Link copied" })).toBeNull();
  });

  it("on a computer with the Web Share API: still the buttons (issue 38: the share sheet is for phones)", () => {
    setPointer("fine");
    setNavigator({ share: vi.fn() });
    render(<ShareButtons ideaId={ID} title="Idea" />);
    expect(screen.queryByRole("button", { name: "Share" })).toBeNull();
    expect(screen.getByRole("button", { name: "Copy link" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /WhatsApp/ })).toBeInTheDocument();
  });

  it("on a phone with the Web Share API: one Share button that opens the share sheet with the link", async () => {
    vi.stubEnv("VITE_CONVEX_SITE_URL", "https://happy-cat-1.convex.site");
    const share = vi.fn().mockResolvedValue(undefined);
    setNavigator({ share });
    const user = userEvent.setup();
    render(<ShareButtons ideaId={ID} title="Idea" />);
    expect(screen.queryByRole("link", { name: /WhatsApp/ })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Share" }));
    expect(share).toHaveBeenCalledWith({
      title: "Idea",
      text: "Idea — help fund this video idea on Bounties",
      url: `https://happy-cat-1.convex.site/share/${ID}`,
    });
  });

  it("links on the product's own domain when SITE_URL is known; an ended idea asks for nothing", async () => {
    vi.stubEnv("VITE_CONVEX_SITE_URL", "https://happy-cat-1.convex.site");
    vi.stubEnv("VITE_SITE_URL", "https://bounties.example/");
    const share = vi.fn().mockResolvedValue(undefined);
    setNavigator({ share });
    const user = userEvent.setup();
    render(<ShareButtons ideaId={ID} title="Idea" asking={false} />);
    await user.click(screen.getByRole("button", { name: "Share" }));
    expect(share).toHaveBeenCalledWith({
      title: "Idea",
      text: "Idea — on Bounties",
      url: `https://bounties.example/share/${ID}`,
    });
  });

  it("falls back to the links when the share sheet fails, but not when the person cancels", async () => {
    const share = vi
      .fn()
      .mockRejectedValueOnce(new DOMException("cancelled", "AbortError"))
      .mockRejectedValueOnce(new TypeError("not allowed"));
    setNavigator({ share });
    const user = userEvent.setup();
    render(<ShareButtons ideaId={ID} title="Idea" />);
    await user.click(screen.getByRole("button", { name: "Share" }));
    expect(screen.getByRole("button", { name: "Share" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Share" }));
    expect(await screen.findByRole("button", { name: "Copy link" })).toBeInTheDocument();
  });
});
