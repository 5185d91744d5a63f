// index.html pre-renders the top of /, /ideas, /leaderboard and /submit for the first paint, before any
// JavaScript. React then replaces it: if the copies drifted apart, a visitor would see one text
// flip to another. Each text of the pre-rendered block must be what the page itself renders, in
// an element of the same tag and classes.
import { readFileSync } from "node:fs";
import path from "node:path";
import { render } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ReactElement } from "react";
import { createRoutesFromChildren, matchRoutes, MemoryRouter } from "react-router-dom";
import type { RouteObject } from "react-router-dom";
import { useAction, useConvexAuth, useQuery } from "convex/react";
import App, { preloadPage } from "./App";
import { makeIdea, mockList, mockSession } from "./test/lists";
import { NOT_FOUND } from "./features/contribution/contributionDetails";

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

/**
 * Every element of a pre-rendered block with text of its own (a heading, a lead, a link, the
 * brand beside its dot) says what the page renders, in an element of the same tag and classes.
 */
function expectSameTexts(prerendered: Element, page: Element) {
  const texts = [...prerendered.querySelectorAll("*")].filter((element) =>
    [...element.childNodes].some(
      (node) => node.nodeType === Node.TEXT_NODE && normalize(node.textContent) !== "",
    ),
  );
  expect(texts.length).toBeGreaterThan(0);
  for (const element of texts) {
    const rendered = [...page.querySelectorAll(selectorOf(element))].map((candidate) =>
      normalize(candidate.textContent),
    );
    expect(rendered, selectorOf(element)).toContain(normalize(element.textContent));
  }
}

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
    // The inbox and onboarding are a signed-in person's (the inbox theirs, empty).
    if (route === "/inbox" || route === "/onboard") {
      mockSession({ signedIn: true });
      mockList({ results: [], status: "Exhausted", loadMore: vi.fn() });
    }
    const { container } = await renderApp(route);
    expectSameTexts(prerendered, container);
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
  function boot(
    route: string,
    answer: (...request: Parameters<typeof globalThis.fetch>) => Promise<Response>,
  ) {
    window.history.replaceState(null, "", route);
    delete window.__firstPaint;
    delete document.documentElement.dataset.bootHeading;
    delete document.documentElement.dataset.bootSession;
    delete document.documentElement.dataset.bootNotFound;
    document.head.innerHTML =
      `<meta name="convex-url" content="${CONVEX_URL}" />` +
      `<meta name="app-entry" content="${ENTRY}">`;
    document.body.innerHTML = indexHtml.body.innerHTML;
    const fetch = vi.fn((...request: Parameters<typeof globalThis.fetch>) => answer(...request));
    vi.stubGlobal("fetch", fetch);
    new Function(bootScript)();
    return fetch;
  }
  const answered = (value: unknown) => () =>
    Promise.resolve(new Response(JSON.stringify({ status: "success", value, logLines: [] })));
  const appStarted = () => document.head.querySelector(`script[type="module"][src$="${ENTRY}"]`);
  const appPreloaded = () =>
    document.head.querySelector(`link[rel="modulepreload"][href$="${ENTRY}"]`);
  /** A call the first script made: a query by GET (its question in the address), else a POST. */
  const requestOf = ([url, init]: Parameters<typeof globalThis.fetch>) => {
    const address = new URL(String(url));
    const asked = address.searchParams;
    return {
      method: init?.method ?? "GET",
      url: `${address.origin}${address.pathname}`,
      body: (init?.body
        ? JSON.parse(init.body as string)
        : {
            path: asked.get("path"),
            args: JSON.parse(asked.get("args") ?? "null"),
            format: asked.get("format"),
          }) as unknown,
      headers: init?.headers ?? {},
    };
  };
  const heading = (id: string) => normalize(document.getElementById(id)!.textContent);

  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
    window.history.replaceState(null, "", "/");
  });

  it("writes an idea's title from the HTTP API, and the page renders it in the same tag and classes", async () => {
    const idea = makeIdea({ title: "Drone tour of every lighthouse in Maine" });
    const fetch = boot(`/expanded-proposal/${idea._id}`, answered(idea));
    expect(requestOf(fetch.mock.calls[0]!)).toMatchObject({
      method: "GET",
      url: `${CONVEX_URL}/api/query`,
      headers: {},
    });
    expect(requestOf(fetch.mock.calls[0]!).body).toEqual({
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
    expect(requestOf(fetch.mock.calls[0]!).body).toMatchObject({
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
    expect(requestOf(fetch.mock.calls[0]!).headers).toMatchObject({
      Authorization: "Bearer header.payload.signature",
    });
    expect(requestOf(fetch.mock.calls[0]!).body).toMatchObject({
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

  it("downloads the app at once on a page with nothing to ask, and after the heading on one that asks", async () => {
    boot("/ideas", answered(null));
    await settle();
    expect(appPreloaded()).not.toBeNull();
    await vi.waitFor(() => expect(appStarted()).not.toBeNull());

    let answer: (response: Response) => void = () => undefined;
    boot("/expanded-proposal/k57idea", () => new Promise((resolve) => (answer = resolve)));
    await settle();
    // The heading's request has the connection to itself: no download yet.
    expect(appPreloaded()).toBeNull();
    expect(appStarted()).toBeNull();
    answer(new Response(JSON.stringify({ status: "success", value: makeIdea() })));
    await vi.waitFor(() => expect(appStarted()).not.toBeNull(), { timeout: 250 });
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
  });

  const storeToken = (key: string, value: string) =>
    localStorage.setItem(`${key}_${CONVEX_URL.replace(/[^a-zA-Z0-9]/g, "")}`, value);
  const notFoundShown = () => document.documentElement.dataset.bootNotFound;
  /** Settles the first script's promises (its answers are already resolved). */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  /** The card React renders first, taken from the pre-rendered block after the script ran. */
  async function expectPageRendersBlock(block: string, route: string) {
    const prerendered = document.querySelector(`.boot__page--${block}`)!.cloneNode(true) as Element;
    document.body.innerHTML = "";
    const { container } = await renderApp(route);
    expectSameTexts(prerendered, container);
    // Its sentence in the same text nodes and elements: a sentence split otherwise paints a few
    // pixels larger, and the browser counts the page's largest paint from React's render.
    const shape = (p: Element | null) =>
      [...p!.childNodes].map((node) => `${node.nodeName}:${normalize(node.textContent)}`);
    expect(shape(container.querySelector("p.not-found__text"))).toEqual(
      shape(prerendered.querySelector("p.not-found__text")),
    );
    return container;
  }

  it("knows the app's routes as App.tsx declares them: any other address shows the not-found card", async () => {
    const routes = createRoutesFromChildren(
      (App() as ReactElement<{ children: ReactElement }>).props.children,
    );
    const paths: string[] = [];
    const collect = (list: RouteObject[]) =>
      list.forEach((route) => {
        if (route.path && route.path !== "*") paths.push(route.path);
        collect(route.children ?? []);
      });
    collect(routes);
    expect(paths.length).toBeGreaterThan(25);
    const addresses = paths
      .map((path) => path.replace(/:\w+\??/g, "k57abc"))
      .flatMap((path) => [path, path.toUpperCase(), `${path}/`, `${path}/more`, `/x${path}`])
      .concat([
        "/no-such-page",
        "/creators",
        "/move-money",
        "/share",
        "/%69deas",
        "/expanded-proposal/a%2Fb",
        "/expanded-proposal/k57abc/manage/more",
        "/submit-content/a/b",
        "/contribution/%E2%9C%93",
        "/auth",
        "/%E0%A4%A",
      ])
      // /operator shows the not-found card to anyone but an operator (the test below).
      .filter((address) => !/^\/operator/i.test(address));
    for (const address of addresses) {
      boot(address, answered(null));
      await settle();
      const unknown = matchRoutes(routes, address)?.at(-1)?.route.path === "*";
      expect(notFoundShown(), address).toBe(unknown ? "page" : undefined);
    }
  });

  it("shows an unknown address's not-found card, naming the address, as the page renders it", async () => {
    const fetch = boot("/no-such-page", answered(null));
    expect(fetch).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(notFoundShown()).toBe("page"));
    expect(heading("boot-not-found-path")).toBe("/no-such-page");
    await vi.waitFor(() => expect(appStarted()).not.toBeNull());
    await expectPageRendersBlock("not-found", "/no-such-page");
  });

  it("shows /operator's not-found card to a visitor without asking, and the page starts from it", async () => {
    const fetch = boot("/operator", answered(true));
    expect(fetch).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(notFoundShown()).toBe("page"));
    expect(window.__firstPaint).toMatchObject({ path: "operator:isAdmin", args: {}, value: false });
    // The app's first render, before its own query has answered: the same card.
    await expectPageRendersBlock("not-found", "/operator");
  });

  it("asks whether a signed-in person is an operator before showing /operator's not-found card", async () => {
    storeToken("__convexAuthJWT", "header.payload.signature");
    const fetch = boot("/operator", answered(false));
    expect(requestOf(fetch.mock.calls[0]!).headers).toMatchObject({
      Authorization: "Bearer header.payload.signature",
    });
    expect(requestOf(fetch.mock.calls[0]!).body).toMatchObject({
      path: "operator:isAdmin",
      args: {},
    });
    await vi.waitFor(() => expect(notFoundShown()).toBe("page"));

    // An operator sees the skeleton, then their queue.
    boot("/operator", answered(true));
    await settle();
    expect(notFoundShown()).toBeUndefined();
    expect(window.__firstPaint?.value).toBe(true);

    // A session to refresh first: the first paint does not guess whose it is.
    localStorage.clear();
    storeToken("__convexAuthRefreshToken", "refresh");
    const unasked = boot("/operator", answered(false));
    await settle();
    expect(unasked).not.toHaveBeenCalled();
    expect(notFoundShown()).toBeUndefined();
  });

  describe("on a confirmation page (/contribution/:sessionId)", () => {
    const SESSION = "cs_test_unknown";
    const byPath =
      (answers: Record<string, () => Promise<Response>>) =>
      (url: Parameters<typeof globalThis.fetch>[0]) =>
        answers[new URL(String(url)).pathname]!();
    const failed = (message: string) => () =>
      Promise.resolve(
        new Response(
          JSON.stringify({
            status: "error",
            errorMessage: "Uncaught ConvexError",
            errorData: { message },
          }),
          { status: 560 },
        ),
      );
    let reconcile: ReturnType<typeof vi.fn>;
    beforeEach(() => {
      reconcile = vi.fn(() => Promise.resolve("paid"));
      vi.mocked(useAction).mockReturnValue(reconcile as unknown as ReturnType<typeof useAction>);
    });

    it("asks for the contribution and asks Stripe, shows 'Contribution not found.' when neither knows it, and the page takes the call over", async () => {
      storeToken("__convexAuthJWT", "header.payload.signature");
      const fetch = boot(
        `/contribution/${SESSION}`,
        byPath({ "/api/query": answered(null), "/api/action": failed(NOT_FOUND) }),
      );
      expect(fetch.mock.calls.map(requestOf)).toEqual([
        {
          method: "POST",
          url: `${CONVEX_URL}/api/action`,
          body: { path: "contributions:reconcile", args: { sessionId: SESSION }, format: "json" },
          // Asking Stripe is nobody's in particular.
          headers: { "Content-Type": "application/json" },
        },
        {
          method: "GET",
          url: `${CONVEX_URL}/api/query`,
          body: { path: "contributions:bySession", args: { sessionId: SESSION }, format: "json" },
          headers: expect.objectContaining({ Authorization: "Bearer header.payload.signature" }),
        },
      ]);
      await vi.waitFor(() => expect(notFoundShown()).toBe("checkout"));
      await vi.waitFor(() => expect(appStarted()).not.toBeNull());

      // The page's first render, before its live query answers: the same card, and Stripe is
      // not asked a second time.
      await expectPageRendersBlock("checkout-not-found", `/contribution/${SESSION}`);
      await settle();
      expect(reconcile).not.toHaveBeenCalled();
    });

    it("shows no card while the contribution may yet exist, or when Stripe could not be asked", async () => {
      boot(
        `/contribution/${SESSION}`,
        byPath({
          "/api/query": answered(null),
          "/api/action": failed("Failed to fetch contribution details"),
        }),
      );
      await settle();
      expect(notFoundShown()).toBeUndefined();
      // The page shows what that call ended with, and does not repeat it.
      const { findByText } = await renderApp(`/contribution/${SESSION}`);
      expect(await findByText("Error: Failed to fetch contribution details")).toBeVisible();
      expect(reconcile).not.toHaveBeenCalled();
    });

    it("leaves the call to the page when it never reached the function", async () => {
      boot(
        `/contribution/${SESSION}`,
        byPath({
          "/api/query": answered(null),
          "/api/action": () => Promise.reject(new TypeError("Failed to fetch")),
        }),
      );
      await settle();
      expect(notFoundShown()).toBeUndefined();
      document.body.innerHTML = "";
      await renderApp(`/contribution/${SESSION}`);
      await vi.waitFor(() => expect(reconcile).toHaveBeenCalledTimes(1));
      expect(reconcile).toHaveBeenCalledWith({ sessionId: SESSION });
    });
  });

  describe("on a creator's page (/creators/:creatorId)", () => {
    const creator = (overrides: Record<string, unknown> = {}) => ({
      _id: "k57creator",
      displayName: "Maya Chen",
      channelName: null,
      avatarUrl: null,
      bio: null,
      memberSince: Date.UTC(2026, 10, 3, 12),
      channels: [],
      record: { wonVideos: 0, judgedVideos: 0, winRate: null },
      totals: { paidCents: 0, wonVideos: 0 },
      ...overrides,
    });
    /** An element as a reader meets it: tag, classes, the attributes that show, text, children. */
    const shapeOf = (node: Node): unknown => {
      if (node.nodeType === Node.TEXT_NODE) return normalize(node.textContent) || null;
      if (!(node instanceof Element)) return null;
      const shown = ["href", "src", "width", "height", "alt", "target", "rel", "aria-hidden"];
      return [
        node.tagName.toLowerCase(),
        [...node.classList].sort().join(" "),
        Object.fromEntries(
          shown.flatMap((name) =>
            node.hasAttribute(name) ? [[name, node.getAttribute(name)]] : [],
          ),
        ),
        (node as HTMLElement).style?.getPropertyValue("--avatar-size") ?? "",
        [...node.childNodes].map(shapeOf).filter((child) => child !== null),
      ];
    };

    it.each([
      ["their initials, no channel, nothing judged", creator()],
      [
        "a channel's picture and name, a bio, two channels, totals hidden, 2 of 7 judged",
        creator({
          displayName: "Maya Chen",
          channelName: "Maya Makes",
          avatarUrl: "https://yt3.ggpht.com/maya.jpg",
          bio: "I film lighthouses.\nAnd the people who keep them.",
          channels: [
            {
              platform: "YouTube",
              name: "Maya Makes",
              url: "https://www.youtube.com/@maya",
              avatarUrl: null,
            },
            { platform: "TikTok", name: "@maya", url: null, avatarUrl: null },
          ],
          record: { wonVideos: 2, judgedVideos: 7, winRate: 2 / 7 },
          totals: null,
        }),
      ],
      [
        "one word of a name, one judged video, money earned",
        creator({
          displayName: "ümit",
          record: { wonVideos: 1, judgedVideos: 1, winRate: 1 },
          totals: { paidCents: 123450, wonVideos: 1 },
        }),
      ],
    ])("draws the header from creators:profile as the page does: %s", async (_, profile) => {
      const route = `/creators/${profile._id}`;
      const fetch = boot(route, answered(profile));
      expect(requestOf(fetch.mock.calls[0]!).body).toEqual({
        path: "creators:profile",
        args: { creatorId: profile._id },
        format: "json",
      });
      await vi.waitFor(() =>
        expect(document.documentElement.dataset.bootHeading).toBe("creator-shown"),
      );
      const prerendered = document.querySelector(".boot__page--creator header")!;
      const expected = shapeOf(prerendered);

      // The page's first render, before its live queries answer: the same header, the follow
      // button's room included.
      document.body.innerHTML = "";
      vi.mocked(useQuery).mockReturnValue(undefined);
      const { container } = await renderApp(route);
      const header = await vi.waitFor(() => container.querySelector("header.creator-header")!);
      expect(shapeOf(header)).toEqual(expected);
    });

    it("shows the skeleton for an unknown creator", async () => {
      boot("/creators/nobody", answered(null));
      await settle();
      expect(document.documentElement.dataset.bootHeading).toBeUndefined();
      expect(window.__firstPaint?.value).toBeUndefined();
    });
  });
});
