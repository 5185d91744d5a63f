import { act, fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useQuery } from "convex/react";
import { getFunctionName } from "convex/server";
import HomePage from "./HomePage";
import { renderRoute } from "../test/accounts";
import { lastListArgs, makeIdea, mockList, mockSession } from "../test/lists";

vi.mock("convex/react", () => ({
  // Checkout and other actions are not under test here.
  useAction: vi.fn(() => vi.fn()),
  useConvexAuth: vi.fn(),
  useQuery: vi.fn(),
  usePaginatedQuery: vi.fn(),
  useMutation: vi.fn(),
}));
vi.mock("sonner", () => ({
  toast: Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn(), dismiss: vi.fn() }),
}));
// The typing animation runs forever on timers; show its sequence instead.
vi.mock("react-type-animation", () => ({
  TypeAnimation: ({ sequence, speed }: { sequence: unknown[]; speed: number }) => (
    <span data-testid="typing" data-speed={speed}>
      {sequence.map(String).join(" | ")}
    </span>
  ),
}));

let stats: { activeUsers: number; bounties: number; originalVideos: number } | undefined;

function useStats(signedIn: boolean) {
  mockSession({ signedIn });
  vi.mocked(useQuery).mockImplementation(((ref: Parameters<typeof getFunctionName>[0]) =>
    getFunctionName(ref) === "stats:get" ? stats : undefined) as typeof useQuery);
}

function renderHome(at = "/") {
  return renderRoute(<HomePage />, { at, path: "/" });
}

function setReducedMotion(reduce: boolean) {
  window.matchMedia = vi.fn().mockImplementation((query: string) => ({
    matches: reduce && query.includes("reduce"),
    media: query,
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  })) as unknown as typeof window.matchMedia;
}

const pathname = () => screen.getByTestId("pathname").textContent;

beforeEach(() => {
  vi.clearAllMocks();
  stats = { activeUsers: 1234, bounties: 56, originalVideos: 7 };
  useStats(false);
  mockList({
    results: [makeIdea({ title: "Pigeon documentary" })],
    status: "Exhausted",
    loadMore: vi.fn(),
  });
});

afterEach(() => {
  // @ts-expect-error jsdom has no matchMedia; tests add one.
  delete window.matchMedia;
});

describe("HomePage", () => {
  it("shows the product name and the tagline", () => {
    renderHome();
    expect(screen.getByText("Bounties", { selector: ".home-hero__brand" })).toBeInTheDocument();
    expect(
      screen.getByRole("heading", { level: 1, name: "Crowdfund and discover original videos" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Post an idea" })).toHaveAttribute("href", "/submit");
    expect(screen.getByRole("link", { name: "Browse bounties" })).toHaveAttribute("href", "/ideas");
  });

  it("types the two prompts at speed 25 with 3 second pauses, once the page has loaded", async () => {
    renderHome();
    // Until then (and while loading the animation) the first prompt stands still.
    expect(screen.getByText("My dream video idea is...")).toBeInTheDocument();
    const typing = await screen.findByTestId("typing");
    expect(typing).toHaveTextContent(
      "My dream video idea is... | 3000 | I wish someone made a video about... | 3000",
    );
    expect(typing).toHaveAttribute("data-speed", "25");
  });

  it("shows a still prompt when less motion is wanted", () => {
    setReducedMotion(true);
    renderHome();
    expect(screen.queryByTestId("typing")).not.toBeInTheDocument();
    expect(screen.getByText("My dream video idea is...")).toBeInTheDocument();
    // The counters show their values without counting.
    expect(screen.getByText("1,234", { selector: "[data-testid=stat-value]" })).toBeInTheDocument();
  });

  it("sends a visitor who focuses the idea box to /login, remembering the page", () => {
    renderHome();
    fireEvent.focus(screen.getByRole("textbox", { name: "Share your original video idea" }));
    expect(pathname()).toBe("/login");
    expect(screen.getByTestId("from").textContent).toBe("/");
  });

  it("sends a signed-in person who clicks the idea box to /submit", async () => {
    useStats(true);
    renderHome();
    await userEvent.click(screen.getByRole("textbox", { name: "Share your original video idea" }));
    expect(pathname()).toBe("/submit");
  });

  it("has the idea box read-only", () => {
    renderHome();
    expect(screen.getByRole("textbox", { name: "Share your original video idea" })).toHaveAttribute(
      "readonly",
    );
  });

  it("shows the live counters", () => {
    renderHome();
    const counters = screen.getByText("Users").closest("dl") as HTMLElement;
    expect(within(counters).getByText("Users")).toBeInTheDocument();
    expect(within(counters).getByText("Bounties")).toBeInTheDocument();
    expect(within(counters).getByText("Original Videos Created")).toBeInTheDocument();
    // Screen readers get the final numbers at once.
    expect(
      within(counters).getByText("1,234", { selector: ".visually-hidden" }),
    ).toBeInTheDocument();
    expect(within(counters).getByText("56", { selector: ".visually-hidden" })).toBeInTheDocument();
    expect(within(counters).getByText("7", { selector: ".visually-hidden" })).toBeInTheDocument();
  });

  it("counts up to the stats", async () => {
    vi.useFakeTimers({
      toFake: ["requestAnimationFrame", "cancelAnimationFrame", "performance", "Date"],
    });
    try {
      renderHome();
      await act(async () => {
        await vi.dynamicImportSettled();
      });
      await act(async () => {
        vi.advanceTimersByTime(2500);
      });
      expect(
        screen.getByText("1,234", { selector: "[data-testid=stat-value] span" }),
      ).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows placeholders while the counters load", () => {
    stats = undefined;
    renderHome();
    const counters = screen.getByText("Users").closest("dl") as HTMLElement;
    expect(counters).toHaveAttribute("aria-busy", "true");
  });

  it("explains the three steps for each audience", async () => {
    renderHome();
    // The tabs sit below the fold and load lazily.
    expect((await screen.findAllByRole("tab")).map((tab) => tab.textContent)).toEqual([
      "Creators",
      "Viewers",
      "Businesses",
    ]);
    const steps = () =>
      within(screen.getByRole("tabpanel"))
        .getAllByRole("heading", { level: 3 })
        .map((h) => h.textContent?.replace(/^Step \d: /, ""));
    expect(steps()).toEqual(["Find an idea", "Submit a video link", "Get rewarded"]);
    await userEvent.click(screen.getByRole("tab", { name: "Viewers" }));
    expect(steps()).toEqual(["Post an idea", "Creators make videos", "Choose the best"]);
    await userEvent.click(screen.getByRole("tab", { name: "Businesses" }));
    expect(steps()).toEqual([
      "Post and fund ideas about your product",
      "Creators make videos using it",
      "Reward the best",
    ]);
  });

  it("leads with the covers of live bounties (a video's thumbnail or the idea's own), then the counters and the tabs", async () => {
    const withVideo = makeIdea({
      _id: "idea_fox" as never,
      title: "Foxes at night",
      bountyCents: 5000,
      videos: [
        {
          _id: "s1" as never,
          platform: "YouTube",
          title: "Fox den tour",
          thumbnailUrl: "https://i.ytimg.com/vi/fox/hqdefault.jpg",
        },
      ],
    });
    const bare = makeIdea({ _id: "idea_pigeon" as never, title: "Pigeon opera", videos: [] });
    vi.mocked(useQuery).mockImplementation(((ref: Parameters<typeof getFunctionName>[0]) => {
      const name = getFunctionName(ref);
      if (name === "stats:get") return stats;
      if (name === "ideas:list")
        return { page: [withVideo, bare], isDone: true, continueCursor: "" };
      return undefined;
    }) as typeof useQuery);
    renderHome();
    const live = await screen.findByRole("region", { name: "Live bounties" });
    const tiles = within(live).getAllByRole("listitem");
    expect(tiles).toHaveLength(2);
    const fox = within(tiles[0]!).getByRole("link");
    expect(fox).toHaveAttribute("href", "/expanded-proposal/idea_fox");
    expect(fox).toHaveTextContent("Foxes at night");
    expect(fox).toHaveTextContent("$50.00");
    expect(fox.querySelector("img")).toHaveAttribute(
      "src",
      "https://i.ytimg.com/vi/fox/hqdefault.jpg",
    );
    expect(within(tiles[1]!).getByTestId("idea-art-cover")).toBeInTheDocument();
    expect(within(live).getByRole("link", { name: "This week’s leaderboards" })).toHaveAttribute(
      "href",
      "/leaderboard",
    );
    // Covers first, then the counters, then how it works.
    const numbers = screen.getByRole("region", { name: "Bounties in numbers" });
    const how = screen.getByRole("heading", { name: "Three steps, whoever you are" });
    expect(live.compareDocumentPosition(numbers) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(numbers.compareDocumentPosition(how) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(numbers).getByText("Users")).toBeInTheDocument();
  });

  it("lists the open bounties, most recent first", () => {
    renderHome();
    expect(screen.getByRole("heading", { level: 2, name: "Open Bounties" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Pigeon documentary" })).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "Recent" })).toBeChecked();
    expect(lastListArgs()).toEqual({ view: "open", sort: "recent" });
  });

  it("searches the open bounties for the q parameter", () => {
    renderHome("/?q=pigeons");
    expect(lastListArgs()).toEqual({ view: "open", sort: "recent", search: "pigeons" });
  });
});

describe("HomePage animations on a phone", () => {
  let observed: { callback: IntersectionObserverCallback; element: Element }[] = [];
  const showOnScreen = (visible: boolean) =>
    act(() => {
      for (const { callback, element } of observed)
        callback(
          [{ isIntersecting: visible, target: element } as IntersectionObserverEntry],
          {} as IntersectionObserver,
        );
    });

  beforeEach(() => {
    observed = [];
    vi.stubGlobal(
      "IntersectionObserver",
      class {
        constructor(private callback: IntersectionObserverCallback) {}
        observe(element: Element) {
          observed.push({ callback: this.callback, element });
        }
        disconnect() {}
      },
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it("types and counts only while on screen, and stops typing once scrolled away", async () => {
    renderHome();
    await act(async () => {
      await vi.dynamicImportSettled();
    });
    // Loaded, but not yet seen: the prompt stands still and the counters wait, invisible.
    expect(screen.queryByTestId("typing")).not.toBeInTheDocument();
    expect(
      screen.getByText("1,234", { selector: "[data-testid=stat-waiting]" }),
    ).toBeInTheDocument();

    await showOnScreen(true);
    expect(await screen.findByTestId("typing")).toBeInTheDocument();
    await vi.waitFor(() =>
      expect(
        screen.queryByText("1,234", { selector: "[data-testid=stat-waiting]" }),
      ).not.toBeInTheDocument(),
    );

    await showOnScreen(false);
    expect(screen.queryByTestId("typing")).not.toBeInTheDocument();
    expect(screen.getByText("My dream video idea is...")).toBeInTheDocument();
  });
});
