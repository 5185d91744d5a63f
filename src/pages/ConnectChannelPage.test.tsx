import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import ConnectChannelPage from "./ConnectChannelPage";
import { renderRoute } from "../test/accounts";
import { mockConvex } from "../test/money";

vi.mock("convex/react", () => ({
  useConvexAuth: vi.fn(),
  useQuery: vi.fn(),
  useMutation: vi.fn(),
  useAction: vi.fn(),
}));
vi.mock("sonner", () => ({
  toast: Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn(), dismiss: vi.fn() }),
}));

const disconnected = { connected: false, lastSync: null, accountName: null };

beforeEach(() => {
  vi.clearAllMocks();
  mockConvex({
    queries: { "platforms:mine": { youtube: disconnected, tiktok: disconnected, videos: [] } },
    actions: { "platforms:startConnection": vi.fn(), "platforms:sync": vi.fn() },
    mutations: { "platforms:disconnect": vi.fn() },
  });
});

describe("ConnectChannelPage", () => {
  it("offers to connect YouTube and TikTok, and to skip on to where the person was going", () => {
    renderRoute(<ConnectChannelPage />, {
      at: "/onboard/channel?next=%2Fsubmit",
      path: "/onboard/channel",
    });
    expect(screen.getByRole("heading", { level: 1, name: "Connect your channel" })).toBeVisible();
    expect(screen.getByRole("button", { name: "Connect YouTube Channel" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Connect TikTok Account" })).toBeEnabled();
    expect(screen.getByRole("link", { name: "Skip for now" })).toHaveAttribute("href", "/submit");
  });

  it("skips to /ideas when nothing says where to go", () => {
    renderRoute(<ConnectChannelPage />, { at: "/onboard/channel", path: "/onboard/channel" });
    expect(screen.getByRole("link", { name: "Skip for now" })).toHaveAttribute("href", "/ideas");
  });
});
