import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import VoteButtons from "./VoteButtons";
import { CHANGE_HIGHLIGHT_CLASS, CHANGE_HIGHLIGHT_MS } from "../../lib/useChangeHighlight";

const realMatchMedia = window.matchMedia;

function prefersReducedMotion(reduce: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: reduce && query.includes("prefers-reduced-motion: reduce"),
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
}

const count = () =>
  screen.getByText("3 votes", { exact: false }).closest("[data-testid=vote-count]");
const countElement = () => screen.getByTestId("vote-count");

beforeEach(() => prefersReducedMotion(false));
afterEach(() => {
  window.matchMedia = realMatchMedia;
  vi.useRealTimers();
});

describe("VoteButtons live highlight", () => {
  it("pulses the count when another person's vote changes it, then stops", () => {
    vi.useFakeTimers();
    const { rerender } = render(<VoteButtons votes={3} userVote={0} onVote={() => {}} />);
    expect(count()).not.toHaveClass(CHANGE_HIGHLIGHT_CLASS);
    rerender(<VoteButtons votes={4} userVote={0} onVote={() => {}} />);
    expect(countElement()).toHaveClass(CHANGE_HIGHLIGHT_CLASS);
    act(() => vi.advanceTimersByTime(CHANGE_HIGHLIGHT_MS));
    expect(countElement()).not.toHaveClass(CHANGE_HIGHLIGHT_CLASS);
  });

  it("does not pulse after the reader's own click, but does for a later change by others", async () => {
    let votes = 3;
    const { rerender } = render(<VoteButtons votes={votes} userVote={0} onVote={() => {}} />);
    await userEvent.click(screen.getByRole("button", { name: "Upvote this idea" }));
    // The optimistic update arrives as new props.
    votes = 4;
    rerender(<VoteButtons votes={votes} userVote={1} onVote={() => {}} />);
    expect(countElement()).not.toHaveClass(CHANGE_HIGHLIGHT_CLASS);
    rerender(<VoteButtons votes={5} userVote={1} onVote={() => {}} />);
    expect(countElement()).toHaveClass(CHANGE_HIGHLIGHT_CLASS);
  });

  it("never pulses when the reader prefers reduced motion", () => {
    prefersReducedMotion(true);
    const { rerender } = render(<VoteButtons votes={3} userVote={0} onVote={() => {}} />);
    rerender(<VoteButtons votes={4} userVote={0} onVote={() => {}} />);
    expect(countElement()).not.toHaveClass(CHANGE_HIGHLIGHT_CLASS);
  });
});
