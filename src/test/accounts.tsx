// Helpers for the account screens' tests: a signed-in person and a view of the router.
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import {
  MemoryRouter,
  Route,
  Routes,
  useLocation,
  useNavigationType,
  type Location,
} from "react-router-dom";
import type { CurrentUser } from "../lib/session";

export function makeUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    _id: "user_1" as CurrentUser["_id"],
    displayName: "Ada Lovelace",
    email: "ada@example.com",
    avatarUrl: null,
    accountType: "Creator",
    preferredPlatform: "YouTube",
    needsOnboarding: false,
    createdAt: Date.UTC(2024, 10, 6),
    lastSignIn: Date.UTC(2024, 10, 7),
    ...overrides,
  };
}

/** Every location the router visited, for asserting where people were sent. */
export const visited: string[] = [];

/** Shows where the router is, and the return-to state it was given. */
function LocationProbe() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const from = (location.state as { from?: Location } | null)?.from;
  const path = location.pathname + location.search;
  if (visited[visited.length - 1] !== path) visited.push(path);
  return (
    <div data-testid="probe">
      <span data-testid="pathname">{location.pathname}</span>
      <span data-testid="search">{location.search}</span>
      <span data-testid="navigation">{navigationType}</span>
      <span data-testid="from">{from ? `${from.pathname}${from.search}${from.hash}` : "none"}</span>
    </div>
  );
}

interface RenderOptions {
  /** Where the router starts (path with query). */
  at: string;
  /** Router state of the first entry (e.g. `{ from: location }`). */
  state?: unknown;
  /** Route pattern that shows `ui`; other paths show only the probe. */
  path: string;
}

/** Renders `ui` at its route inside a MemoryRouter, with a location probe beside it. */
export function renderRoute(ui: ReactElement, { at, state, path }: RenderOptions) {
  visited.length = 0;
  return render(
    <MemoryRouter initialEntries={[{ pathname: at.split("?")[0], search: searchOf(at), state }]}>
      <Routes>
        <Route path={path} element={ui} />
        <Route path="*" element={null} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );
}

function searchOf(at: string): string {
  const index = at.indexOf("?");
  return index === -1 ? "" : at.slice(index);
}
