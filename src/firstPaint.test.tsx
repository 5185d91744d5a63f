// index.html pre-renders the top of /, /ideas, /leaderboard and /submit for the first paint, before any
// JavaScript. React then replaces it: if the copies drifted apart, a visitor would see one text
// flip to another. Each text of the pre-rendered block must be what the page itself renders, in
// an element of the same tag and classes.
import { readFileSync } from "node:fs";
import path from "node:path";
import { render } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { MemoryRouter } from "react-router-dom";
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

const indexHtml = new DOMParser().parseFromString(
  readFileSync(path.join(__dirname, "../index.html"), "utf8"),
  "text/html",
);
const normalize = (text: string | null) => (text ?? "").replace(/\s+/g, " ").trim();
const selectorOf = (element: Element) =>
  element.tagName.toLowerCase() + [...element.classList].map((name) => `.${name}`).join("");

beforeEach(() => {
  vi.clearAllMocks();
  mockSession({ signedIn: false });
  mockList({ results: [makeIdea()], status: "Exhausted", loadMore: vi.fn() });
});

describe("the pre-rendered first paint", () => {
  it.each([
    ["/", "home"],
    ["/ideas", "ideas"],
    ["/leaderboard", "leaderboard"],
    ["/submit", "submit"],
  ])("of %s says what the page renders", async (route, block) => {
    const prerendered = indexHtml.querySelector(`.boot__page--${block}`)!;
    // Every element with text of its own (a heading, a lead, a link, the brand beside its dot).
    const texts = [...prerendered.querySelectorAll("*")].filter((element) =>
      [...element.childNodes].some(
        (node) => node.nodeType === Node.TEXT_NODE && normalize(node.textContent) !== "",
      ),
    );
    expect(texts.length).toBeGreaterThan(1);
    await preloadPage(route);
    const { container } = render(
      <MemoryRouter initialEntries={[route]}>
        <App />
      </MemoryRouter>,
    );
    for (const element of texts) {
      const rendered = [...container.querySelectorAll(selectorOf(element))].map((candidate) =>
        normalize(candidate.textContent),
      );
      expect(rendered, selectorOf(element)).toContain(normalize(element.textContent));
    }
  });
});
