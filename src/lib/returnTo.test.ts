import { describe, expect, it } from "vitest";
import { loginRedirectTo, pathFromState, returnPath, safeNext } from "./returnTo";

describe("safeNext", () => {
  it.each([
    "/",
    "/ideas",
    "/discover?sort=payout#top",
    "/expanded-proposal/abc",
    "/search?q=a%20b",
  ])("accepts the same-site path %s", (path) => {
    expect(safeNext(path)).toBe(path);
  });

  it.each([
    "https://evil.com",
    "http://evil.com/ideas",
    "//evil.com",
    "//evil.com/ideas",
    "/\\evil.com",
    "/\\/evil.com",
    "\\\\evil.com",
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "/\t/evil.com",
    "/\n/evil.com",
    " /ideas",
    "ideas",
    "",
    "/login",
    "/login?next=%2Fideas",
    "/login/",
    "/LOGIN",
    "/login#top",
  ])("rejects %j", (value) => {
    expect(safeNext(value)).toBeNull();
  });

  it("rejects what is not a string", () => {
    expect(safeNext(null)).toBeNull();
    expect(safeNext(undefined)).toBeNull();
    expect(safeNext(42)).toBeNull();
    expect(safeNext({ pathname: "/ideas" })).toBeNull();
  });

  it("rejects paths that are absurdly long", () => {
    expect(safeNext("/" + "a".repeat(5000))).toBeNull();
  });

  it("keeps pages whose name only starts like login", () => {
    expect(safeNext("/login-help")).toBe("/login-help");
  });
});

describe("pathFromState", () => {
  it("joins the pathname, search and hash of router state from", () => {
    expect(
      pathFromState({ from: { pathname: "/discover", search: "?sort=payout", hash: "#top" } }),
    ).toBe("/discover?sort=payout#top");
  });

  it("is null without usable state", () => {
    expect(pathFromState(null)).toBeNull();
    expect(pathFromState({})).toBeNull();
    expect(pathFromState({ from: { pathname: "//evil.com" } })).toBeNull();
    expect(pathFromState({ from: { pathname: "/login" } })).toBeNull();
  });
});

describe("returnPath", () => {
  it("prefers the next query parameter over router state", () => {
    expect(
      returnPath(new URLSearchParams("next=%2Fprofile"), { from: { pathname: "/discover" } }),
    ).toBe("/profile");
  });

  it("falls back to router state when next is missing or unsafe", () => {
    const state = { from: { pathname: "/discover" } };
    expect(returnPath(new URLSearchParams(""), state)).toBe("/discover");
    expect(returnPath(new URLSearchParams("next=https%3A%2F%2Fevil.com"), state)).toBe("/discover");
  });

  it("is null when there is nowhere to return to", () => {
    expect(returnPath(new URLSearchParams("next=%2F%2Fevil.com"), null)).toBeNull();
  });
});

describe("loginRedirectTo", () => {
  it("carries the return-to path through the provider round trip", () => {
    expect(loginRedirectTo("/discover?sort=payout")).toBe(
      "/login?next=%2Fdiscover%3Fsort%3Dpayout&signin=1",
    );
  });

  it("only marks the round trip when there is no safe path", () => {
    expect(loginRedirectTo(null)).toBe("/login?signin=1");
    expect(loginRedirectTo("https://evil.com")).toBe("/login?signin=1");
  });

  it("round-trips through safeNext", () => {
    const redirectTo = loginRedirectTo("/search?q=cats&x=1#r");
    const next = new URL(redirectTo, "http://localhost").searchParams.get("next");
    expect(safeNext(next)).toBe("/search?q=cats&x=1#r");
  });
});
