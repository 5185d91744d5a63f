import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { useQuery } from "convex/react";
import { getFunctionName } from "convex/server";
import NotificationBell from "./NotificationBell";

vi.mock("convex/react", () => ({ useQuery: vi.fn() }));

function renderBell(count: number | undefined) {
  vi.mocked(useQuery).mockReturnValue(count);
  return render(
    <MemoryRouter>
      <NotificationBell />
    </MemoryRouter>,
  );
}

describe("NotificationBell", () => {
  beforeEach(() => vi.mocked(useQuery).mockReset());

  it("reads the live unread count and links to the inbox", () => {
    renderBell(3);
    expect(getFunctionName(vi.mocked(useQuery).mock.calls[0]![0])).toBe(
      "notifications:unreadCount",
    );
    // Named by what it shows: "Inbox" and the count (WCAG 2.5.3, label in name).
    const bell = screen.getByRole("link", { name: "Inbox 3 unread" });
    expect(bell).toHaveAttribute("href", "/inbox");
    expect(bell).toHaveTextContent("3");
  });

  it("shows no count when everything is read, or while loading", () => {
    renderBell(0);
    expect(screen.getByRole("link", { name: "Inbox" })).not.toHaveTextContent(/\d/);
  });

  it("caps the count at 99+", () => {
    renderBell(100);
    expect(screen.getByRole("link", { name: "Inbox 99+ unread" })).toHaveTextContent("99+");
  });
});
