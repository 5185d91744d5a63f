import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Link, MemoryRouter, Route, Routes } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import ScrollToTop from "./ScrollToTop";

function Page({ name }: { name: string }) {
  return (
    <div>
      <h1>{name}</h1>
      <section id="payouts">Payouts</section>
      <Link to="/a">To A</Link>
      <Link to="/b">To B</Link>
      <Link to="/b?sort=recent">Sort B</Link>
      <Link to="/terms#payouts">To payouts</Link>
    </div>
  );
}

function renderApp() {
  return render(
    <MemoryRouter initialEntries={["/a"]}>
      <ScrollToTop />
      <Routes>
        <Route path="/a" element={<Page name="Page A" />} />
        <Route path="/b" element={<Page name="Page B" />} />
        <Route path="/terms" element={<Page name="Terms" />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe("ScrollToTop", () => {
  const scrollTo = vi.fn();
  const scrollIntoView = vi.fn();

  beforeEach(() => {
    vi.spyOn(window, "scrollTo").mockImplementation(scrollTo);
    Element.prototype.scrollIntoView = scrollIntoView;
  });

  afterEach(() => {
    vi.restoreAllMocks();
    scrollTo.mockReset();
    scrollIntoView.mockReset();
  });

  it("scrolls the window to the top when the page changes", async () => {
    const user = userEvent.setup();
    renderApp();
    scrollTo.mockClear();

    await user.click(screen.getByRole("link", { name: "To B" }));
    expect(screen.getByRole("heading", { name: "Page B" })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0, left: 0 }));

    await user.click(screen.getByRole("link", { name: "To A" }));
    expect(scrollTo).toHaveBeenCalledTimes(2);
  });

  it("keeps the scroll position when only the query string changes", async () => {
    const user = userEvent.setup();
    renderApp();
    await user.click(screen.getByRole("link", { name: "To B" }));
    scrollTo.mockClear();

    await user.click(screen.getByRole("link", { name: "Sort B" }));
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it("scrolls to the element named by the #hash instead of the top", async () => {
    const user = userEvent.setup();
    renderApp();
    scrollTo.mockClear();

    await user.click(screen.getByRole("link", { name: "To payouts" }));
    expect(screen.getByRole("heading", { name: "Terms" })).toBeInTheDocument();
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.contexts[0]).toHaveAttribute("id", "payouts");
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
