import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import Layout from "../components/Layout";
import NotFoundPage from "./NotFoundPage";
import PrivacyPolicyPage from "./PrivacyPolicyPage";
import TermsOfServicePage from "./TermsOfServicePage";

// A signed-out visitor: the session's queries are skipped.
vi.mock("convex/react", () => ({
  useConvexAuth: () => ({ isLoading: false, isAuthenticated: false }),
  useQuery: () => undefined,
}));

/** The routes of App.tsx that these pages live in. */
function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route element={<Layout />}>
          <Route path="/privacy-policy" element={<PrivacyPolicyPage />} />
          <Route path="/terms-of-service" element={<TermsOfServicePage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

function main() {
  return within(screen.getByRole("main"));
}

function sectionHeadings() {
  return main()
    .getAllByRole("heading", { level: 2 })
    .map((h) => h.textContent ?? "");
}

beforeEach(() => {
  vi.spyOn(window, "scrollTo").mockImplementation(() => {});
  Element.prototype.scrollIntoView = vi.fn();
});

describe("Terms of Service page", () => {
  it("has one title and exactly 18 numbered sections", () => {
    renderAt("/terms-of-service");

    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Terms of Service");
    const headings = sectionHeadings();
    expect(headings).toHaveLength(18);
    headings.forEach((text, i) => expect(text).toMatch(new RegExp(`^${i + 1}\\. \\S`)));
    expect(document.title).toBe("Terms of Service · Bounties");
  });

  it("is governed by the laws of the State of Texas, with Texas courts", () => {
    renderAt("/terms-of-service");

    const law = screen.getByRole("heading", { name: /Governing Law/ }).closest("section")!;
    expect(law).toHaveTextContent("governed by the laws of the State of Texas");
    expect(law).toHaveTextContent("courts located in the State of Texas");
  });

  it("shows its effective and last-updated dates", () => {
    renderAt("/terms-of-service");
    expect(screen.getByText("Effective date: November 6th, 2024")).toBeInTheDocument();
    expect(screen.getByText("Last updated: November 6th, 2024")).toBeInTheDocument();
  });

  it("explains payouts under a stable #payouts anchor, including refunds", () => {
    renderAt("/terms-of-service");

    const payouts = document.getElementById("payouts")!;
    expect(payouts).toBeInTheDocument();
    expect(payouts).toHaveTextContent("Customer’s Choice");
    expect(payouts).toHaveTextContent("People’s Choice");
    expect(payouts).toHaveTextContent("7 days after the idea’s deadline");
    expect(payouts).toHaveTextContent("the one submitted earlier wins");
    expect(payouts).toHaveTextContent("refunded in full");
  });

  it("has a table of contents that links to every section", () => {
    renderAt("/terms-of-service");

    const toc = within(screen.getByRole("navigation", { name: "On this page" }));
    const links = toc.getAllByRole("link");
    expect(links).toHaveLength(18);
    for (const link of links) {
      const id = link.getAttribute("href")!.slice(1);
      expect(document.getElementById(id)).toBeInTheDocument();
    }
  });

  it("is reached from the footer's payouts link", async () => {
    const user = userEvent.setup();
    renderAt("/nowhere");

    await user.click(screen.getByRole("link", { name: "How payouts work" }));
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Terms of Service");
    expect(Element.prototype.scrollIntoView).toHaveBeenCalled();
  });
});

describe("Privacy Policy page", () => {
  it("has one title and shows when it was last updated", () => {
    renderAt("/privacy-policy");

    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Privacy Policy");
    expect(screen.getByText("Last updated: November 6th, 2024")).toBeInTheDocument();
    expect(document.title).toBe("Privacy Policy · Bounties");
  });

  it("states that data is not used for advertising or to train AI models, and not sold", () => {
    renderAt("/privacy-policy");

    const never = screen.getByRole("heading", { name: /What We Never Do/ }).closest("section")!;
    expect(never).toHaveTextContent("We do not use your data for advertising.");
    expect(never).toHaveTextContent(
      "We do not use your data to train artificial intelligence or machine learning models",
    );
    expect(never).toHaveTextContent("We do not sell or rent your personal information");
  });

  it("explains the Google and YouTube data it uses, with the required links", () => {
    renderAt("/privacy-policy");

    const google = screen
      .getByRole("heading", { name: /Google User Data and YouTube API Services/ })
      .closest("section")!;
    expect(google).toHaveTextContent("YouTube channel ID and channel title");
    expect(google).toHaveTextContent("titles, descriptions, thumbnails and publish dates");
    expect(google).toHaveTextContent("Limited Use requirements");
    const links = within(google);
    expect(links.getByRole("link", { name: "Google Privacy Policy" })).toHaveAttribute(
      "href",
      "https://policies.google.com/privacy",
    );
    expect(links.getByRole("link", { name: "Google security settings page" })).toHaveAttribute(
      "href",
      "https://security.google.com/settings/security/permissions",
    );
    expect(
      links.getByRole("link", { name: "Google API Services User Data Policy" }),
    ).toHaveAttribute("href", "https://developers.google.com/terms/api-services-user-data-policy");
  });

  it("covers TikTok data, card data and platform disconnection", () => {
    renderAt("/privacy-policy");

    expect(main().getByRole("heading", { name: /TikTok/, level: 2 })).toBeInTheDocument();
    expect(document.getElementById("information-we-collect")).toHaveTextContent(
      "Card details are handled by Stripe and never stored by us.",
    );
    const retention = document.getElementById("retention")!;
    expect(retention).toHaveTextContent(
      "we delete the access and refresh tokens we stored for that platform and the list of your videos",
    );
  });
});

describe("Not found page", () => {
  it("says the page was not found and links back to the app", () => {
    renderAt("/some-missing-page");

    expect(screen.getByRole("heading", { level: 1, name: "Page not found" })).toBeInTheDocument();
    expect(main().getByText("/some-missing-page")).toBeInTheDocument();
    expect(main().getByRole("link", { name: "Browse open bounties" })).toHaveAttribute(
      "href",
      "/ideas",
    );
    expect(main().getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", "/");
    expect(document.title).toBe("Page not found · Bounties");
  });
});

describe("App shell", () => {
  it("has the landmarks and a skip link to the main content", () => {
    renderAt("/privacy-policy");

    expect(screen.getByRole("banner")).toBeInTheDocument();
    expect(screen.getByRole("navigation", { name: "Main" })).toBeInTheDocument();
    expect(screen.getByRole("main")).toHaveAttribute("id", "main");
    expect(screen.getByRole("contentinfo")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Skip to content" })).toHaveAttribute("href", "#main");
  });

  it.each(["/terms-of-service", "/privacy-policy", "/some-missing-page"])(
    "has no serious or critical axe violations at %s",
    async (path) => {
      // axe probes a canvas for icon fonts; jsdom has none.
      vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue(null);
      const { container } = renderAt(path);
      const results = await axe.run(container, {
        rules: { "color-contrast": { enabled: false } }, // jsdom does not compute styles
      });
      const serious = results.violations.filter(
        (v) => v.impact === "serious" || v.impact === "critical",
      );
      expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    },
  );
});
