// The first paint's answer (index.html) stands in for a page's live query only until that query
// answers, and only for what it was asked: never for another idea, never after a live answer.
import { renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useConvexAuth, useQuery } from "convex/react";
import { api } from "../../convex/_generated/api";
import {
  firstPaintAction,
  firstPaintAnswer,
  takeFirstPaintAction,
  useQueryAfterFirstPaint,
} from "./firstPaint";
import { useCurrentUser } from "./session";

vi.mock("convex/react", () => ({ useQuery: vi.fn(), useConvexAuth: vi.fn() }));

const idea = { _id: "k57idea", title: "Drone tour of every lighthouse in Maine", votes: 7 };

function firstPaintAsked(path: string, args: Record<string, string>, value: unknown) {
  window.__firstPaint = { path, args, value };
}

afterEach(() => {
  delete window.__firstPaint;
  vi.clearAllMocks();
});

describe("useQueryAfterFirstPaint", () => {
  it("answers with the first paint's idea while the live query loads, and only for that idea", () => {
    firstPaintAsked("ideas:get", { ideaId: "k57idea" }, idea);
    vi.mocked(useQuery).mockReturnValue(undefined);
    const same = renderHook(() => useQueryAfterFirstPaint(api.ideas.get, { ideaId: "k57idea" }));
    expect(same.result.current).toEqual(idea);
    const other = renderHook(() => useQueryAfterFirstPaint(api.ideas.get, { ideaId: "k57other" }));
    expect(other.result.current).toBeUndefined();
    const otherQuery = renderHook(() =>
      useQueryAfterFirstPaint(api.ideas.outcome, { ideaId: "k57idea" }),
    );
    expect(otherQuery.result.current).toBeUndefined();
  });

  it("follows the live query once it answers, and never goes back to the first paint", () => {
    firstPaintAsked("ideas:get", { ideaId: "k57idea" }, idea);
    const live = { ...idea, title: "Drone tour of every lighthouse in Maine and Vermont" };
    vi.mocked(useQuery).mockReturnValue(live);
    const { result, rerender } = renderHook(() =>
      useQueryAfterFirstPaint(api.ideas.get, { ideaId: "k57idea" }),
    );
    expect(result.current).toEqual(live);
    // Loading again later (e.g. the page is opened again): a skeleton, not the old answer.
    vi.mocked(useQuery).mockReturnValue(undefined);
    rerender();
    expect(result.current).toBeUndefined();
  });

  it("decodes Convex's JSON format as the live query would", () => {
    firstPaintAsked(
      "ideas:get",
      { ideaId: "k57idea" },
      { ...idea, big: { $integer: "AQAAAAAAAAA=" } },
    );
    expect(firstPaintAnswer(api.ideas.get, { ideaId: "k57idea" })).toEqual({ ...idea, big: 1n });
  });
});

describe("the first paint's answers and calls", () => {
  it("keeps a null answer (an unknown contribution) and a false one (not an operator)", () => {
    firstPaintAsked("contributions:bySession", { sessionId: "cs_test_1" }, null);
    expect(firstPaintAnswer(api.contributions.bySession, { sessionId: "cs_test_1" })).toBeNull();
    expect(
      firstPaintAnswer(api.contributions.bySession, { sessionId: "cs_test_2" }),
    ).toBeUndefined();
    firstPaintAsked("operator:isAdmin", {}, false);
    expect(firstPaintAnswer(api.operator.isAdmin, {})).toBe(false);
  });

  it("hands its action's call over once, and only for what it called", async () => {
    const outcome = Promise.resolve({ ok: false as const, message: "Contribution not found." });
    window.__firstPaint = {
      path: null,
      args: null,
      value: undefined,
      action: {
        path: "contributions:reconcile",
        args: { sessionId: "cs_test_1" },
        outcome,
        settled: { ok: false, message: "Contribution not found." },
      },
    };
    expect(firstPaintAction(api.contributions.reconcile, { sessionId: "cs_test_2" })).toBeNull();
    expect(
      firstPaintAction(api.contributions.reconcile, { sessionId: "cs_test_1" })?.settled,
    ).toEqual({ ok: false, message: "Contribution not found." });
    const taken = takeFirstPaintAction(api.contributions.reconcile, { sessionId: "cs_test_1" });
    expect(await taken?.outcome).toEqual({ ok: false, message: "Contribution not found." });
    // Taken: the page asks itself next time.
    expect(
      takeFirstPaintAction(api.contributions.reconcile, { sessionId: "cs_test_1" }),
    ).toBeNull();
    expect(firstPaintAction(api.contributions.reconcile, { sessionId: "cs_test_1" })).toBeNull();
  });
});

describe("the profile's first-paint greeting", () => {
  const viewer = { displayName: "Ada Lovelace", email: "ada@example.com" };

  it("is kept while the session is checked and forgotten once it is known to be signed out", () => {
    firstPaintAsked("users:current", {}, viewer);
    vi.mocked(useQuery).mockReturnValue(undefined);
    vi.mocked(useConvexAuth).mockReturnValue({
      isLoading: true,
      isAuthenticated: false,
      isRefreshing: false,
    });
    const { rerender } = renderHook(() => useCurrentUser());
    expect(firstPaintAnswer(api.users.current, {})).toEqual(viewer);
    vi.mocked(useConvexAuth).mockReturnValue({
      isLoading: false,
      isAuthenticated: false,
      isRefreshing: false,
    });
    rerender();
    expect(firstPaintAnswer(api.users.current, {})).toBeUndefined();
  });

  it("is forgotten once the signed-in person's own profile has loaded", () => {
    firstPaintAsked("users:current", {}, viewer);
    vi.mocked(useConvexAuth).mockReturnValue({
      isLoading: false,
      isAuthenticated: true,
      isRefreshing: false,
    });
    vi.mocked(useQuery).mockReturnValue(undefined);
    const { rerender } = renderHook(() => useCurrentUser());
    expect(firstPaintAnswer(api.users.current, {})).toEqual(viewer);
    vi.mocked(useQuery).mockReturnValue({ ...viewer, _id: "user_1" });
    rerender();
    expect(firstPaintAnswer(api.users.current, {})).toBeUndefined();
  });
});
