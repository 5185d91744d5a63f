// index.html pre-renders the top of /, /ideas, /leaderboard and /submit for the first paint, before any
// JavaScript. React then replaces it: if the copies drifted apart, a visitor would see one text
// flip to another. Each text of the pre-rendered block must be what the page itself renders, in
// an element of the same tag and classes.
import { readFileSync } from "node:fs";
import path from "node:path";
import { render } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MemoryRouter } from "react-router-dom";
import { useConvexAuth, useQuery } from "convex/react";
import App, { preloadPage } from "./App";
import { makeIdea, mockList, mockSession } from "./test/lists";

vi.mock("convex/react", () => ({
  useAction: vi.fn(() => vi.fn()),
  // The layout's connection notice: connected.
  useConvex: vi.fn(() => ({
    connectionState: () => ({ hasEverConnected: true, isWebSocketConnected: true }),
    subscribeToConnectionState: () => () => {},
  })),
  useConvexAuth: vi.fn(),
  useQuery: vi.fn(),
  usePaginatedQuery: vi.fn(),
  useMutation: vi.fn(),
}));

// The profile's sign-out button.
vi.mock("@convex-dev/auth/react", () => ({
  useAuthActions: vi.fn(() => ({ signIn: vi.fn(), signOut: vi.fn() })),
}));

const indexHtml = new DOMParser().parseFromString(
  readFileSync(path.join(__dirname, "../index.html"), "utf8"),
  "text/html",
);
const normalize = (text: string | null) => (text ?? "").replace(/\s+/g, " ").trim();
const selectorOf = (element: Element) =>
  element.tagName.toLowerCase() + [...element.classList].map((name) => `.${name}`).join("");

/** The app at `route` (its page's code loaded first, as src/main.tsx does), as it first renders. */
async function renderApp(route: string) {
  await preloadPage(new URL(route, "http://localhost").pathname);
  return render(
    <MemoryRouter initialEntries={[route]}>
      <App />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  vi.clearAllMocks();
  mockSession({ signedIn: false });
  mockList({ results: [makeIdea()], status: "Exhausted", loadMore: vi.fn() });
});

describe("the pre-rendered first paint", () => {
  it.each([
    ["/", "home"],
    ["/ideas", "ideas"],
    ["/discover", "discover"],
    ["/completed", "completed"],
    ["/search", "search"],
    ["/leaderboard", "leaderboard"],
    ["/inbox", "inbox"],
    ["/submit", "submit"],
    ["/privacy-policy", "privacy"],
    ["/terms-of-service", "terms"],
    ["/login", "login"],
    ["/onboard", "onboard"],
  ])("of %s says what the page renders", async (route, block) => {
    const prerendered = indexHtml.querySelector(`.boot__page--${block}`)!;
    // Every element with text of its own (a heading, a lead, a link, the brand beside its dot).
    const texts = [...prerendered.querySelectorAll("*")].filter((element) =>
      [...element.childNodes].some(
        (node) => node.nodeType === Node.TEXT_NODE && normalize(node.textContent) !== "",
      ),
    );
    expect(texts.length).toBeGreaterThan(0);
    // The inbox and onboarding are a signed-in person's (the inbox theirs, empty).
    if (route === "/inbox" || route === "/onboard") {
      mockSession({ signedIn: true });
      mockList({ results: [], status: "Exhausted", loadMore: vi.fn() });
    }
    const { container } = await renderApp(route);
    for (const element of texts) {
      const rendered = [...container.querySelectorAll(selectorOf(element))].map((candidate) =>
        normalize(candidate.textContent),
      );
      expect(rendered, selectorOf(element)).toContain(normalize(element.textContent));
    }
  });
});

// index.html's first script: on an idea's page and on /profile it asks the Convex HTTP API for
// the heading's data and writes it into the pre-rendered header; the page React renders then
// shows the same answer until its live query answers (src/lib/firstPaint.ts). It also starts
// the app, once that heading has painted.
describe("the first paint's heading", () => {
  const CONVEX_URL = "https://happy-otter-123.convex.cloud";
  const bootScript = indexHtml.head.querySelector("script")!.textContent!;
  const ENTRY = "/assets/index-test.js";

  /** Runs index.html's first script at `route`, as a browser does while parsing the page. */
  function boot(route: string, answer: () => Promise<Response>) {
    window.history.replaceState(null, "", route);
    delete window.__firstPaint;
    delete document.documentElement.dataset.bootHeading;
    delete document.documentElement.dataset.bootSession;
    document.head.innerHTML =
      `<meta name="convex-url" content="${CONVEX_URL}" />` +
      `<link rel="modulepreload" crossorigin href="${ENTRY}" data-app-entry>`;
    document.body.innerHTML = indexHtml.body.innerHTML;
    const fetch = vi.fn((..._request: Parameters<typeof globalThis.fetch>) => answer());
    vi.stubGlobal("fetch", fetch);
    new Function(bootScript)();
    return fetch;
  }
  const answered = (value: unknown) => () =>
    Promise.resolve(new Response(JSON.stringify({ status: "success", value, logLines: [] })));
  const appStarted = () => document.head.querySelector(`script[type="module"][src$="${ENTRY}"]`);
  const heading = (id: string) => normalize(document.getElementById(id)!.textContent);

  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
    window.history.replaceState(null, "", "/");
  });

  it("writes an idea's title from the HTTP API, and the page renders it in the same tag and classes", async () => {
    const idea = makeIdea({ title: "Drone tour of every lighthouse in Maine" });
    const fetch = boot(`/expanded-proposal/${idea._id}`, answered(idea));
    expect(fetch).toHaveBeenCalledWith(`${CONVEX_URL}/api/query`, expect.anything());
    expect(JSON.parse(fetch.mock.calls[0]![1]!.body as string)).toEqual({
      path: "ideas:get",
      args: { ideaId: idea._id },
      format: "json",
    });
    await vi.waitFor(() => expect(heading("boot-idea-title")).toBe(idea.title));
    expect(document.documentElement.dataset.bootHeading).toBe("idea-shown");

    // The app's first render, before its own query has answered: the same title.
    const prerendered = document.getElementById("boot-idea-title")!;
    document.body.innerHTML = "";
    vi.mocked(useQuery).mockReturnValue(undefined);
    const route = `/expanded-proposal/${idea._id}`;
    const { container } = await renderApp(route);
    const title = await vi.waitFor(() => container.querySelector<HTMLElement>("h1#idea-title")!);
    expect(normalize(title.textContent)).toBe(idea.title);
    // One text node, as the first paint writes it: a heading split into several paints a few
    // pixels larger, and the browser then counts the page's largest paint from React's render.
    expect(title.childNodes).toHaveLength(1);
    for (const name of prerendered.classList)
      if (name !== "boot__heading") expect(title).toHaveClass(name);
  });

  it("writes the idea's title on its video form (/submit-content), linked to the idea, as the page does", async () => {
    const idea = makeIdea({ title: "Drone tour of every lighthouse in Maine" });
    const route = `/submit-content/${idea._id}`;
    const fetch = boot(route, answered(idea));
    expect(JSON.parse(fetch.mock.calls[0]![1]!.body as string)).toMatchObject({
      path: "ideas:get",
      args: { ideaId: idea._id },
    });
    await vi.waitFor(() => expect(heading("boot-submit-title")).toBe(idea.title));
    const prerendered = document.getElementById("boot-submit-title")!;
    expect(prerendered).toHaveAttribute("href", `/expanded-proposal/${idea._id}`);
    const heading1 = prerendered.parentElement!;

    document.body.innerHTML = "";
    vi.mocked(useQuery).mockReturnValue(undefined);
    const { container } = await renderApp(route);
    const title = await vi.waitFor(() => container.querySelector<HTMLElement>("main h1 a")!);
    expect(title.textContent).toBe(idea.title);
    expect(title).toHaveAttribute("href", `/expanded-proposal/${idea._id}`);
    expect(title.childNodes).toHaveLength(1);
    for (const name of heading1.classList) expect(title.parentElement).toHaveClass(name);
  });

  it("greets the signed-in person on /profile with their stored session, and the page's skeleton keeps the greeting", async () => {
    localStorage.setItem(
      `__convexAuthJWT_${CONVEX_URL.replace(/[^a-zA-Z0-9]/g, "")}`,
      "header.payload.signature",
    );
    const fetch = boot("/profile", answered({ displayName: "Ada Lovelace", email: "ada@x.org" }));
    expect(fetch.mock.calls[0]![1]!.headers).toMatchObject({
      Authorization: "Bearer header.payload.signature",
    });
    expect(JSON.parse(fetch.mock.calls[0]![1]!.body as string)).toMatchObject({
      path: "users:current",
      args: {},
    });
    await vi.waitFor(() => expect(heading("boot-profile-title")).toBe("Welcome, Ada Lovelace!"));
    expect(heading("boot-profile-email")).toBe("ada@x.org");

    // The app, while the session is still being checked: the same greeting, in the same classes.
    const prerendered = document.getElementById("boot-profile-title")!;
    document.body.innerHTML = "";
    vi.mocked(useConvexAuth).mockReturnValue({
      isLoading: true,
      isAuthenticated: false,
      isRefreshing: false,
    });
    vi.mocked(useQuery).mockReturnValue(undefined);
    const { container } = await renderApp("/profile");
    const title = await vi.waitFor(() => container.querySelector<HTMLElement>("main h1")!);
    expect(normalize(title.textContent)).toBe("Welcome, Ada Lovelace!");
    expect(title.childNodes).toHaveLength(1);
    for (const name of prerendered.classList)
      if (name !== "boot__heading") expect(title).toHaveClass(name);
  });

  it("names what /search searched for, as the page does", async () => {
    const fetch = boot("/search?q=%20night%20shift%20", answered(null));
    expect(fetch).not.toHaveBeenCalled();
    await vi.waitFor(() =>
      expect(heading("boot-search-title")).toBe('Bounties related to "night shift"'),
    );
    document.body.innerHTML = "";
    const { container } = await renderApp("/search?q=%20night%20shift%20");
    const title = await vi.waitFor(() => container.querySelector<HTMLElement>("main h1")!);
    expect(title.textContent).toBe('Bounties related to "night shift"');
    expect(title.childNodes).toHaveLength(1);
  });

  it("shows the sign-in card at once only when there is no stored session to check", () => {
    boot("/login", answered(null));
    expect(document.documentElement.dataset.bootSession).toBeUndefined();
    localStorage.setItem(
      `__convexAuthRefreshToken_${CONVEX_URL.replace(/[^a-zA-Z0-9]/g, "")}`,
      "refresh",
    );
    boot("/login", answered(null));
    // index.html then shows the skeleton: the page says "Loading..." while it checks.
    expect(document.documentElement.dataset.bootSession).toBe("stored");
  });

  it("asks nothing on /profile without a stored session, and shows the plain skeleton", async () => {
    const fetch = boot("/profile", answered({ displayName: "Ada" }));
    expect(fetch).not.toHaveBeenCalled();
    expect(document.documentElement.dataset.bootHeading).toBeUndefined();
    await vi.waitFor(() => expect(appStarted()).not.toBeNull());
  });

  it.each([
    ["an error status", () => Promise.resolve(new Response("{}", { status: 500 }))],
    ["a failed query", () => Promise.resolve(new Response(JSON.stringify({ status: "error" })))],
    ["an unknown idea", answered(null)],
    ["no network", () => Promise.reject(new TypeError("Failed to fetch"))],
  ])("falls back to the skeleton on %s, keeping nothing for the page", async (_, answer) => {
    boot("/expanded-proposal/k57idea", answer);
    expect(document.documentElement.dataset.bootHeading).toBe("idea-loading");
    await vi.waitFor(() => expect(document.documentElement.dataset.bootHeading).toBeUndefined());
    expect(window.__firstPaint?.value).toBeUndefined();
    await vi.waitFor(() => expect(appStarted()).not.toBeNull());
  });

  it("starts the app once the heading is written, and after 300 ms without it", async () => {
    let answer: (response: Response) => void = () => undefined;
    boot("/expanded-proposal/k57idea", () => new Promise((resolve) => (answer = resolve)));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(appStarted()).toBeNull();
    answer(new Response(JSON.stringify({ status: "success", value: makeIdea() })));
    await vi.waitFor(() => expect(appStarted()).not.toBeNull(), { timeout: 250 });

    boot("/expanded-proposal/k57idea", () => new Promise(() => undefined));
    expect(appStarted()).toBeNull();
    await vi.waitFor(() => expect(appStarted()).not.toBeNull(), { timeout: 1000 });
    // Fetched as it was preloaded (a CORS request), so the preloaded copy is the one that runs.
    expect(appStarted()).toHaveAttribute("crossorigin");
  });
});
