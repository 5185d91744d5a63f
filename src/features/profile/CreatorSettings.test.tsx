import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { MemoryRouter } from "react-router-dom";
import { useAction, useMutation, useQuery } from "convex/react";
import { ConvexError } from "convex/values";
import { getFunctionName } from "convex/server";
import type { FunctionReturnType } from "convex/server";
import { toast } from "sonner";
import { TOAST_IDS } from "../../lib/toasts";
import CreatorSettings, { STALE_SYNC_MS, formatSyncTime } from "./CreatorSettings";
import type { api } from "../../../convex/_generated/api";
import { goToExternal } from "../../lib/externalNavigation";
import { RETURN_TO_SETTINGS_KEY } from "../../lib/platformAuth";

vi.mock("convex/react", () => ({
  useQuery: vi.fn(),
  useMutation: vi.fn(),
  useAction: vi.fn(),
}));
vi.mock("sonner", () => ({
  toast: Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn(), dismiss: vi.fn() }),
}));
vi.mock("../../lib/externalNavigation", () => ({ goToExternal: vi.fn() }));

type Platforms = NonNullable<FunctionReturnType<typeof api.platforms.mine>>;
type Video = Platforms["videos"][number];

const startConnection = vi.fn();
const sync = vi.fn();
const disconnect = vi.fn();
const SYNCED_AT = new Date(2024, 10, 6, 15, 4).getTime();

function makeVideo(overrides: Partial<Video> = {}): Video {
  return {
    platform: "YouTube",
    videoId: "dQw4w9WgXcQ",
    title: "Lighthouses of Maine",
    description: "A drone tour.",
    url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    thumbnailUrl: "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg",
    publishedAt: Date.UTC(2024, 10, 7),
    durationSeconds: 600,
    ...overrides,
  };
}

const NOT_CONNECTED = { connected: false, lastSync: null, accountName: null };

function makePlatforms(overrides: Partial<Platforms> = {}): Platforms {
  return { youtube: NOT_CONNECTED, tiktok: NOT_CONNECTED, videos: [], ...overrides };
}

function setPlatforms(platforms: Platforms | null | undefined) {
  vi.mocked(useQuery).mockImplementation((() => platforms) as typeof useQuery);
}

function renderSettings() {
  return render(
    <MemoryRouter>
      <CreatorSettings userId={"k57me" as never} />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  vi.clearAllMocks();
  sessionStorage.clear();
  vi.mocked(useAction).mockImplementation(((ref: Parameters<typeof getFunctionName>[0]) => {
    const name = getFunctionName(ref);
    if (name === "platforms:startConnection") return startConnection;
    if (name === "platforms:sync") return sync;
    throw new Error(`unexpected action ${name}`);
  }) as unknown as typeof useAction);
  vi.mocked(useMutation).mockReturnValue(disconnect as unknown as ReturnType<typeof useMutation>);
  startConnection.mockResolvedValue({ url: "https://accounts.example.com/o/oauth2/auth?x=1" });
  sync.mockResolvedValue({ videoCount: 4 });
  disconnect.mockResolvedValue(null);
  setPlatforms(makePlatforms());
});

describe("CreatorSettings", () => {
  it("offers to connect YouTube and TikTok", () => {
    renderSettings();

    expect(screen.getByRole("heading", { level: 2, name: "Creator Settings" })).toBeVisible();
    expect(screen.getByRole("button", { name: "Connect YouTube Channel" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Connect TikTok Account" })).toBeEnabled();
    expect(screen.queryByText(/Last synced/)).not.toBeInTheDocument();
  });

  it.each([
    ["YouTube", "Connect YouTube Channel"],
    ["TikTok", "Connect TikTok Account"],
  ] as const)(
    "connects %s: remembers to come back to Settings, then leaves for the platform",
    async (platform, button) => {
      const user = userEvent.setup();
      renderSettings();

      await user.click(screen.getByRole("button", { name: button }));

      expect(startConnection).toHaveBeenCalledWith({ platform, returnToSettings: true });
      expect(sessionStorage.getItem(RETURN_TO_SETTINGS_KEY)).toBe("true");
      expect(goToExternal).toHaveBeenCalledWith("https://accounts.example.com/o/oauth2/auth?x=1");
      expect(screen.getByRole("button", { name: "Redirecting…" })).toBeDisabled();
    },
  );

  it("says 'Failed to start YouTube authorization' when YouTube cannot start", async () => {
    startConnection.mockRejectedValue(new ConvexError({ message: "No user session found" }));
    const user = userEvent.setup();
    renderSettings();

    await user.click(screen.getByRole("button", { name: "Connect YouTube Channel" }));

    expect(toast.error).toHaveBeenCalledWith("Failed to start YouTube authorization", {
      id: TOAST_IDS.connect("YouTube"),
    });
    expect(goToExternal).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(RETURN_TO_SETTINGS_KEY)).toBeNull();
    expect(screen.getByRole("button", { name: "Connect YouTube Channel" })).toBeEnabled();
  });

  it("names the reason when TikTok cannot start", async () => {
    startConnection.mockRejectedValue(new ConvexError({ message: "No user session found" }));
    const user = userEvent.setup();
    renderSettings();

    await user.click(screen.getByRole("button", { name: "Connect TikTok Account" }));

    expect(toast.error).toHaveBeenCalledWith(
      "Failed to start TikTok authorization: No user session found",
      { id: TOAST_IDS.connect("TikTok") },
    );
  });

  it("says 'No authorization URL received' without a url", async () => {
    startConnection.mockResolvedValue({ url: "" });
    const user = userEvent.setup();
    renderSettings();

    await user.click(screen.getByRole("button", { name: "Connect YouTube Channel" }));

    expect(toast.error).toHaveBeenCalledWith("No authorization URL received", {
      id: TOAST_IDS.connect("YouTube"),
    });
    expect(goToExternal).not.toHaveBeenCalled();
  });

  it("shows a connected account with its name and 'Last synced: {date}'", () => {
    setPlatforms(
      makePlatforms({
        youtube: { connected: true, lastSync: SYNCED_AT, accountName: "Ada Lovelace's channel" },
      }),
    );
    renderSettings();

    expect(formatSyncTime(SYNCED_AT)).toBe("November 6, 2024 at 3:04 PM");
    expect(screen.getByText("Last synced: November 6, 2024 at 3:04 PM")).toBeVisible();
    expect(screen.getByText("Ada Lovelace's channel")).toBeVisible();
    expect(screen.getByText("Connected")).toBeVisible();
    expect(screen.queryByRole("button", { name: "Connect YouTube Channel" })).toBeNull();
    expect(screen.getByRole("button", { name: "Connect TikTok Account" })).toBeVisible();
  });

  it("syncs a connected account", async () => {
    const justNow = Date.now() - 60_000;
    setPlatforms(
      makePlatforms({ tiktok: { connected: true, lastSync: justNow, accountName: "Kenji" } }),
    );
    const user = userEvent.setup();
    renderSettings();

    await user.click(screen.getByRole("button", { name: /^Sync now\s*\(TikTok\)$/ }));

    expect(sync).toHaveBeenCalledWith({ platform: "TikTok" });
    expect(toast.success).toHaveBeenCalledWith("TikTok synced: 4 videos found", {
      id: TOAST_IDS.sync("TikTok"),
    });
  });

  it("reads a connection last synced over a day ago again when opened, once and quietly", async () => {
    const recent = Date.now() - STALE_SYNC_MS + 60_000;
    setPlatforms(
      makePlatforms({
        youtube: { connected: true, lastSync: SYNCED_AT, accountName: "Ada's channel" },
        tiktok: { connected: true, lastSync: recent, accountName: "Kenji" },
      }),
    );
    const { rerender } = renderSettings();

    await waitFor(() => expect(sync).toHaveBeenCalledTimes(1));
    expect(sync).toHaveBeenCalledWith({ platform: "YouTube" });
    await waitFor(() =>
      expect(screen.getByRole("button", { name: /^Sync now\s*\(YouTube\)$/ })).toBeEnabled(),
    );
    expect(toast.success).not.toHaveBeenCalled();
    rerender(
      <MemoryRouter>
        <CreatorSettings userId={"k57me" as never} />
      </MemoryRouter>,
    );
    expect(sync).toHaveBeenCalledTimes(1);
  });

  it("keeps the list as it was when the background read fails", async () => {
    sync.mockRejectedValue(new ConvexError({ message: "YouTube is unavailable" }));
    setPlatforms(
      makePlatforms({
        youtube: { connected: true, lastSync: SYNCED_AT, accountName: "Ada's channel" },
        videos: [makeVideo()],
      }),
    );
    renderSettings();

    await waitFor(() => expect(sync).toHaveBeenCalledTimes(1));
    await waitFor(() =>
      expect(screen.getByRole("button", { name: /^Sync now\s*\(YouTube\)$/ })).toBeEnabled(),
    );
    expect(toast.error).not.toHaveBeenCalled();
    expect(screen.getByRole("link", { name: /Lighthouses of Maine/ })).toBeVisible();
  });

  it("disconnects only after confirming", async () => {
    setPlatforms(
      makePlatforms({ youtube: { connected: true, lastSync: SYNCED_AT, accountName: "Ada" } }),
    );
    const confirm = vi.spyOn(window, "confirm").mockReturnValueOnce(false);
    const user = userEvent.setup();
    renderSettings();

    await user.click(screen.getByRole("button", { name: /^Disconnect\s*\(YouTube\)$/ }));
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(disconnect).not.toHaveBeenCalled();

    confirm.mockReturnValueOnce(true);
    await user.click(screen.getByRole("button", { name: /^Disconnect\s*\(YouTube\)$/ }));
    expect(disconnect).toHaveBeenCalledWith({ platform: "YouTube" });
    expect(toast.success).toHaveBeenCalledWith("YouTube disconnected", {
      id: TOAST_IDS.disconnect("YouTube"),
    });
    confirm.mockRestore();
  });

  it("says 'No videos connected.' without videos", () => {
    renderSettings();

    expect(screen.getByRole("heading", { name: "Your Videos:" })).toBeVisible();
    expect(screen.getByText("No videos connected.")).toBeVisible();
  });

  it("lists the videos: thumbnail, title, description, platform and link", () => {
    setPlatforms(
      makePlatforms({
        videos: [
          makeVideo(),
          makeVideo({
            platform: "TikTok",
            videoId: "7300000000000000001",
            url: "https://www.tiktok.com/@kenji_walks/video/7300000000000000001",
            thumbnailUrl: null,
            description: "",
          }),
        ],
      }),
    );
    renderSettings();

    const list = screen.getByTestId("connected-videos-list");
    const rows = within(list).getAllByRole("listitem");
    expect(rows).toHaveLength(2);
    const link = within(rows[0]!).getByRole("link", { name: /Lighthouses of Maine/ });
    expect(link).toHaveAttribute("href", "https://www.youtube.com/watch?v=dQw4w9WgXcQ");
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
    expect(within(rows[0]!).getByText("A drone tour.")).toBeVisible();
    expect(within(rows[0]!).getByText("YouTube")).toBeVisible();
    expect(rows[0]!.querySelector("img")).toHaveAttribute(
      "src",
      "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg",
    );
    expect(within(rows[1]!).getByText("TikTok")).toBeVisible();
    expect(rows[1]!.querySelector("img")).toBeNull();
  });

  it("shortens titles to 60 and descriptions to 100 characters, and names untitled videos", () => {
    const longTitle = "T".repeat(61);
    const longDescription = "D".repeat(101);
    setPlatforms(
      makePlatforms({
        videos: [
          makeVideo({ title: longTitle, description: longDescription }),
          makeVideo({ videoId: "aaaaaaaaaaa", title: "   " }),
        ],
      }),
    );
    renderSettings();

    expect(
      screen.getByRole("link", { name: /^T{60}\.\.\.\s*\(opens in a new tab\)$/ }),
    ).toBeVisible();
    expect(screen.getByText(`${"D".repeat(100)}...`)).toBeVisible();
    expect(screen.getByRole("link", { name: /^Untitled Video/ })).toBeVisible();
  });

  it("shows the latest three videos and where to see all of them: the creator page", () => {
    setPlatforms(
      makePlatforms({
        videos: Array.from({ length: 12 }, (_, i) =>
          makeVideo({ videoId: `video${String(i).padStart(6, "0")}`, title: `Video ${i}` }),
        ),
      }),
    );
    renderSettings();

    expect(
      within(screen.getByTestId("connected-videos-list")).getAllByRole("listitem"),
    ).toHaveLength(3);
    expect(
      screen.getByRole("link", { name: "See all on your creator page (9 more)" }),
    ).toHaveAttribute("href", "/creators/k57me");
  });

  it("shows a placeholder while loading, and nothing for a visitor", () => {
    setPlatforms(undefined);
    const { unmount } = renderSettings();
    expect(screen.getByRole("status")).toHaveTextContent("Loading your connected accounts...");
    unmount();

    setPlatforms(null);
    renderSettings();
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });

  it("says 'Failed to load videos' when the query fails", () => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    vi.mocked(useQuery).mockImplementation(() => {
      throw new Error("Server error");
    });
    renderSettings();

    expect(screen.getByRole("alert")).toHaveTextContent("Failed to load videos");
    expect(toast.error).toHaveBeenCalledWith("Failed to load videos", { id: "videos-load-error" });
    consoleError.mockRestore();
  });
});
