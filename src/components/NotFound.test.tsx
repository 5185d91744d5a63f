import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import NotFoundPage from "../pages/NotFoundPage";
import { ContributionNotFound } from "../features/contribution/ContributionProblems";

// The idea page's and the submit page's not-found states are checked in their pages' tests.
describe("not found", () => {
  it.each([
    ["an unknown route", <NotFoundPage key="route" />, "Page not found", "Browse open bounties"],
    [
      "an unknown contribution",
      <ContributionNotFound key="contribution" />,
      "Contribution not found.",
      "Find more Bounties",
    ],
  ])("%s shows the one not-found card with its own words", (_, element, title, action) => {
    render(<MemoryRouter>{element}</MemoryRouter>);
    const card = screen.getByRole("region", { name: title });
    expect(card).toHaveClass("not-found__card");
    expect(card).toHaveTextContent("404");
    expect(screen.getAllByRole("link")[0]).toHaveAccessibleName(action);
    expect(screen.getAllByRole("region", { name: title })).toHaveLength(1);
  });
});
