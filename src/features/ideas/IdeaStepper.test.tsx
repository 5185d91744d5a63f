import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import IdeaStepper from "./IdeaStepper";

const steps = () =>
  within(screen.getByRole("list", { name: "Where this idea is" }))
    .getAllByRole("listitem")
    .map((li) => li.textContent);

describe("IdeaStepper", () => {
  it("shows a stage that never happened as skipped, not done (refunded at its deadline)", () => {
    render(
      <IdeaStepper
        ending={{ kind: "refunded", refundedCents: 900, pendingCents: 0, judgingSkipped: true }}
      />,
    );
    expect(steps()).toEqual(["Open: done", "Judging skipped", "Refunded: now"]);
  });

  it("shows judging done once it happened", () => {
    render(<IdeaStepper ending={{ kind: "awarded", awardedCents: 500, paidOutCents: 500 }} />);
    expect(steps()).toEqual(["Open: done", "Judging: done", "Awarded: now"]);
  });
});
