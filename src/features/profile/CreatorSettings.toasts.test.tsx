// Toasts as people see them (the real sonner Toaster, not a mock): an action that fails again
// replaces its toast instead of stacking another identical one; different actions show one each.
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MemoryRouter } from "react-router-dom";
import { useAction, useMutation, useQuery } from "convex/react";
import { ConvexError } from "convex/values";
import { getFunctionName } from "convex/server";
import { toast } from "sonner";
import CreatorSettings from "./CreatorSettings";
import AppToaster from "../../components/AppToaster";

vi.mock("convex/react", () => ({
  useQuery: vi.fn(),
  useMutation: vi.fn(),
  useAction: vi.fn(),
}));
vi.mock("../../lib/externalNavigation", () => ({ goToExternal: vi.fn() }));

const sync = vi.fn();
const startConnection = vi.fn();
const disconnect = vi.fn();
const connected = { connected: true, lastSync: Date.now() - 60_000, accountName: "Ada" };

beforeEach(() => {
  vi.mocked(useQuery).mockImplementation((() => ({
    youtube: connected,
    tiktok: connected,
    videos: [],
  })) as unknown as typeof useQuery);
  vi.mocked(useAction).mockImplementation(((ref: Parameters<typeof getFunctionName>[0]) =>
    getFunctionName(ref) === "platforms:sync"
      ? sync
      : startConnection) as unknown as typeof useAction);
  vi.mocked(useMutation).mockReturnValue(disconnect as unknown as ReturnType<typeof useMutation>);
  sync.mockRejectedValue(new Error("socket closed"));
  disconnect.mockRejectedValue(new ConvexError({ message: "Could not disconnect right now" }));
  vi.spyOn(window, "confirm").mockReturnValue(true);
});

afterEach(() => {
  act(() => {
    toast.dismiss();
  });
  vi.restoreAllMocks();
});

function renderWithToaster() {
  render(
    <MemoryRouter>
      <CreatorSettings userId={"k57me" as never} />
      <AppToaster />
    </MemoryRouter>,
  );
}

const notifications = () => screen.getByRole("region", { name: /Notifications/ });
const toasts = () => notifications().querySelectorAll("[data-sonner-toast]");

describe("error toasts", () => {
  it("a failing action shows one toast however often it fails", async () => {
    const user = userEvent.setup();
    renderWithToaster();
    const syncYouTube = screen.getByRole("button", { name: /^Sync now\s*\(YouTube\)$/ });

    await user.click(syncYouTube);
    await waitFor(() => expect(toasts()).toHaveLength(1));
    await waitFor(() => expect(syncYouTube).toBeEnabled());
    await user.click(syncYouTube);
    await waitFor(() => expect(syncYouTube).toBeEnabled());
    await user.click(syncYouTube);
    await waitFor(() => expect(sync).toHaveBeenCalledTimes(3));

    expect(toasts()).toHaveLength(1);
    expect(within(notifications()).getAllByText("Failed to sync YouTube")).toHaveLength(1);
  });

  it("different failing actions show a toast each", async () => {
    const user = userEvent.setup();
    renderWithToaster();
    const syncYouTube = screen.getByRole("button", { name: /^Sync now\s*\(YouTube\)$/ });

    await user.click(syncYouTube);
    await waitFor(() => expect(syncYouTube).toBeEnabled());
    await user.click(screen.getByRole("button", { name: /^Sync now\s*\(TikTok\)$/ }));
    await user.click(screen.getByRole("button", { name: /^Disconnect\s*\(YouTube\)$/ }));
    await user.click(screen.getByRole("button", { name: /^Disconnect\s*\(YouTube\)$/ }));

    await waitFor(() => expect(toasts()).toHaveLength(3));
    const region = within(notifications());
    expect(region.getByText("Failed to sync YouTube")).toBeInTheDocument();
    expect(region.getByText("Failed to sync TikTok")).toBeInTheDocument();
    expect(region.getAllByText("Could not disconnect right now")).toHaveLength(1);
  });
});
