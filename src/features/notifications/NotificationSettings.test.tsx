import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { useMutation, useQuery } from "convex/react";
import { toast } from "sonner";
import { NOTIFICATION_KINDS, KIND_INFO } from "../../../convex/model/notificationKinds";
import NotificationSettings, { SAVE_FAILED } from "./NotificationSettings";

vi.mock("convex/react", () => ({ useQuery: vi.fn(), useMutation: vi.fn() }));
vi.mock("sonner", () => ({ toast: Object.assign(vi.fn(), { error: vi.fn(), dismiss: vi.fn() }) }));

const save = vi.fn();
const defaults = NOTIFICATION_KINDS.map((kind) => ({
  kind,
  inApp: true,
  email: KIND_INFO[kind].defaultEmail,
}));

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(useQuery).mockReturnValue(defaults);
  vi.mocked(useMutation).mockReturnValue(save as unknown as ReturnType<typeof useMutation>);
  save.mockResolvedValue(null);
});

describe("NotificationSettings", () => {
  it("shows each kind's switches: money emails on, the idea's news by email off", () => {
    render(<NotificationSettings />);
    expect(
      screen.getByRole("switch", { name: "Your payment was confirmed: by email" }),
    ).toBeChecked();
    expect(
      screen.getByRole("switch", { name: "A video was submitted: by email" }),
    ).not.toBeChecked();
    expect(screen.getByRole("switch", { name: "A video was submitted: in the app" })).toBeChecked();
    expect(screen.getAllByRole("switch")).toHaveLength(NOTIFICATION_KINDS.length * 2);
  });

  it("saves one switch of one kind", async () => {
    render(<NotificationSettings />);
    await userEvent.click(screen.getByRole("switch", { name: "A video was submitted: by email" }));
    expect(save).toHaveBeenCalledWith({ kind: "video_submitted", email: true });
    // Never silently: the save is said and shown.
    expect(screen.getByRole("status")).toHaveTextContent(
      "Saved: A video was submitted by email is on.",
    );
    await userEvent.click(screen.getByRole("switch", { name: "Your refund was sent: in the app" }));
    expect(save).toHaveBeenLastCalledWith({ kind: "refund_sent", inApp: false });
  });

  it("says so when saving fails", async () => {
    save.mockRejectedValue(new Error("offline"));
    render(<NotificationSettings />);
    await userEvent.click(screen.getByRole("switch", { name: "Judging started: by email" }));
    expect(vi.mocked(toast.error).mock.calls[0]?.[0]).toBe(SAVE_FAILED);
    expect(screen.getByRole("status")).toHaveTextContent("");
  });

  it("waits for the settings while they load", () => {
    vi.mocked(useQuery).mockReturnValue(undefined);
    render(<NotificationSettings />);
    expect(screen.queryAllByRole("switch")).toHaveLength(0);
  });
});
