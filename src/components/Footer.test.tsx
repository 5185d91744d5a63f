import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes, useLocation } from "react-router-dom";
import { describe, expect, it } from "vitest";
import Footer from "./Footer";

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.hash}</p>;
}

function renderFooter() {
  return render(
    <MemoryRouter>
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
      <Footer />
    </MemoryRouter>,
  );
}

/** The links listed under a footer column heading. */
function column(name: string) {
  return within(screen.getByRole("list", { name }));
}

describe("Footer", () => {
  it("has the four column headings", () => {
    renderFooter();
    const footer = within(screen.getByRole("contentinfo"));
    const headings = footer.getAllByRole("heading").map((h) => h.textContent);
    expect(headings).toEqual(["Bounties", "For Creators", "For Businesses", "Legal"]);
  });

  it("links to the privacy policy and the terms of service", () => {
    renderFooter();
    const legal = column("Legal");
    expect(legal.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute(
      "href",
      "/privacy-policy",
    );
    expect(legal.getByRole("link", { name: "Terms of Service" })).toHaveAttribute(
      "href",
      "/terms-of-service",
    );
  });

  it("points every other column at real pages of the app", () => {
    renderFooter();
    expect(column("Bounties").getByRole("link", { name: "Open bounties" })).toHaveAttribute(
      "href",
      "/ideas",
    );
    expect(column("Bounties").getByRole("link", { name: "Post an idea" })).toHaveAttribute(
      "href",
      "/submit",
    );
    expect(
      column("For Creators").getByRole("link", { name: "Connect your channel" }),
    ).toHaveAttribute("href", "/profile");
    expect(
      column("For Businesses").getByRole("link", { name: "How payouts work" }),
    ).toHaveAttribute("href", "/terms-of-service#payouts");

    for (const link of screen.getAllByRole("link")) {
      const href = link.getAttribute("href") ?? "";
      expect(href, link.textContent ?? "").toMatch(/^\/([a-z]|$)/);
    }
  });

  it("navigates inside the app when a link is followed", async () => {
    const user = userEvent.setup();
    renderFooter();
    await user.click(column("For Businesses").getByRole("link", { name: "How payouts work" }));
    expect(screen.getByTestId("where")).toHaveTextContent("/terms-of-service#payouts");
  });

  it("shows the 2024 copyright line", () => {
    renderFooter();
    expect(screen.getByText("© 2024 Bounties. All rights reserved.")).toBeInTheDocument();
  });
});
