import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Link, MemoryRouter, Outlet, Route, Routes } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import RouteErrorBoundary, { isChunkLoadError } from "./RouteErrorBoundary";

let shouldThrow = true;

function Broken(): never {
  throw new Error("boom");
}

function Flaky() {
  if (shouldThrow) throw new Error("flaky");
  return <h1>Flaky page</h1>;
}

function ChunkFailure(): never {
  throw new TypeError("Failed to fetch dynamically imported module: /assets/Page-abc.js");
}

/** A shell like Layout's: the header stays outside the boundary, the routed page inside. */
function Shell() {
  return (
    <>
      <nav aria-label="Main">
        <Link to="/broken">Broken</Link> <Link to="/fine">Fine</Link> <Link to="/flaky">Flaky</Link>{" "}
        <Link to="/chunk">Chunk</Link>
      </nav>
      <main>
        <RouteErrorBoundary>
          <Outlet />
        </RouteErrorBoundary>
      </main>
    </>
  );
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route element={<Shell />}>
          <Route path="/broken" element={<Broken />} />
          <Route path="/fine" element={<h1>Fine page</h1>} />
          <Route path="/flaky" element={<Flaky />} />
          <Route path="/chunk" element={<ChunkFailure />} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

describe("RouteErrorBoundary", () => {
  beforeEach(() => {
    shouldThrow = true;
    // React reports caught render errors on the console; keep the test output readable.
    vi.spyOn(console, "error").mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  it("shows a friendly message when a page throws, and the header keeps working", async () => {
    const user = userEvent.setup();
    renderAt("/broken");

    expect(screen.getByRole("alert")).toHaveTextContent("Something went wrong on this page");
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();

    // Navigating away resets the boundary: the next page renders normally.
    await user.click(screen.getByRole("link", { name: "Fine" }));
    expect(screen.getByRole("heading", { name: "Fine page" })).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("retries the page with the Try again button", async () => {
    const user = userEvent.setup();
    renderAt("/flaky");
    expect(screen.getByRole("alert")).toBeInTheDocument();

    shouldThrow = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(screen.getByRole("heading", { name: "Flaky page" })).toBeInTheDocument();
  });

  it("offers a reload when a page's code failed to load", async () => {
    const reload = vi.fn();
    vi.stubGlobal("location", { ...window.location, reload });
    const user = userEvent.setup();
    renderAt("/chunk");

    expect(screen.getByRole("alert")).toHaveTextContent("This page could not be loaded");
    await user.click(screen.getByRole("button", { name: "Reload the page" }));
    expect(reload).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });

  it("recognises failed lazy chunks", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: x"))).toBe(
      true,
    );
    expect(isChunkLoadError(new Error("boom"))).toBe(false);
    const wrapped = new Error("Could not load the page", {
      cause: new TypeError("Importing a module script failed."),
    });
    expect(isChunkLoadError(wrapped)).toBe(true);
    expect(isChunkLoadError("text")).toBe(false);
  });
});
