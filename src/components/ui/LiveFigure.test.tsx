import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import LiveFigure from "./LiveFigure";
import { CHANGE_HIGHLIGHT_CLASS } from "../../lib/useChangeHighlight";

describe("LiveFigure", () => {
  it("pulses a bounty when a live update changes it, not when it first shows or re-renders", () => {
    const { rerender } = render(<LiveFigure value={500}>$5</LiveFigure>);
    expect(screen.getByText("$5")).not.toHaveClass(CHANGE_HIGHLIGHT_CLASS);
    rerender(<LiveFigure value={500}>$5</LiveFigure>);
    expect(screen.getByText("$5")).not.toHaveClass(CHANGE_HIGHLIGHT_CLASS);
    rerender(<LiveFigure value={1500}>$15</LiveFigure>);
    expect(screen.getByText("$15")).toHaveClass(CHANGE_HIGHLIGHT_CLASS);
  });
});
