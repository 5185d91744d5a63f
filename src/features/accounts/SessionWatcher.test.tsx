import { render, screen } from "@testing-library/react";
import { MemoryRouter, useLocation } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { useConvexAuth } from "convex/react";
import { toast } from "sonner";
import SessionWatcher from "./SessionWatcher";
import { expectSignOutTo, SIGNED_OUT_KEY } from "../../lib/signOut";
import { TOAST_IDS } from "../../lib/toasts";

vi.mock("convex/react", () => ({ useConvexAuth: vi.fn() }));
vi.mock("sonner", () => ({
  toast: Object.assign(vi.fn(), { warning: vi.fn(), dismiss: vi.fn() }),
}));

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

function session(isAuthenticated: boolean) {
  vi.mocked(useConvexAuth).mockReturnValue({
    isLoading: false,
    isAuthenticated,
    isRefreshing: false,
  });
}

function watchAt(path: string) {
  session(true);
  const ui = () => (
    <MemoryRouter initialEntries={[path]}>
      <SessionWatcher />
      <Where />
    </MemoryRouter>
  );
  const view = render(ui());
  return {
    end: () => {
      session(false);
      view.rerender(ui());
    },
  };
}

const where = () => screen.getByTestId("where").textContent;

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
});

describe("SessionWatcher", () => {
  it("keeps a shared idea open when the session ends, with a toast to sign in again", () => {
    watchAt("/expanded-proposal/k57abc").end();
    expect(where()).toBe("/expanded-proposal/k57abc");
    expect(toast.warning).toHaveBeenCalledTimes(1);
    expect(vi.mocked(toast.warning).mock.calls[0]![1]).toMatchObject({
      id: TOAST_IDS.sessionEnded,
    });
  });

  it("goes where a sign-out button chose", () => {
    const watcher = watchAt("/profile");
    expectSignOutTo("/ideas");
    watcher.end();
    expect(where()).toBe("/ideas");
    expect(toast.warning).not.toHaveBeenCalled();
  });

  it("goes to / when another tab signed out (spec: sign-out goes to /)", () => {
    const watcher = watchAt("/expanded-proposal/k57abc");
    // Another tab's sign-out button: it writes the marker this tab hears about.
    localStorage.setItem(SIGNED_OUT_KEY, String(Date.now()));
    watcher.end();
    expect(where()).toBe("/");
    expect(toast.warning).not.toHaveBeenCalled();
  });

  it("goes to / when another tab signed out before this app started, after its first paint greeted the person", () => {
    // index.html greeted the person on /profile with the stored session (src/lib/firstPaint.ts);
    // the other tab signed out before this tab's app had checked that session.
    window.__firstPaint = { path: "users:current", args: {}, value: { displayName: "Ada" } };
    localStorage.setItem(SIGNED_OUT_KEY, String(Date.now()));
    session(false);
    render(
      <MemoryRouter initialEntries={["/profile"]}>
        <SessionWatcher />
        <Where />
      </MemoryRouter>,
    );
    delete window.__firstPaint;
    expect(where()).toBe("/");
    expect(toast.warning).not.toHaveBeenCalled();
  });

  it("a sign-out marker from before this session began does not count", () => {
    localStorage.setItem(SIGNED_OUT_KEY, String(Date.now() - 5_000));
    watchAt("/expanded-proposal/k57abc").end();
    expect(where()).toBe("/expanded-proposal/k57abc");
    expect(toast.warning).toHaveBeenCalledTimes(1);
  });

  it("sends a private page to sign-in (nothing true is left to show there)", () => {
    watchAt("/inbox").end();
    expect(where()).toBe("/login");
    expect(toast.warning).toHaveBeenCalledTimes(1);
  });
});
