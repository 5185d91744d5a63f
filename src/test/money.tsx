// Helpers for the money screens' tests: mocked Convex hooks answered by function name
// ("contributions:bySession"), and a router with a location probe. Each test file mocks
// "convex/react", "@convex-dev/auth/react", "sonner" and "../lib/externalNavigation" itself.
import { useSyncExternalStore } from "react";
import { act } from "@testing-library/react";
import { vi } from "vitest";
import { useAction, useConvexAuth, useMutation, useQuery } from "convex/react";
import { getFunctionName, type FunctionReference } from "convex/server";

type Fn = (...args: unknown[]) => unknown;

// Live queries: every mocked `useQuery` subscribes here, so `pushQueryUpdate()` re-renders its
// callers with the queries' current values, as a Convex subscription would.
let version = 0;
const listeners = new Set<() => void>();
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Re-renders every component using a mocked query (after changing what the mocks return). */
export function pushQueryUpdate() {
  act(() => {
    version += 1;
    for (const listener of listeners) listener();
  });
}

export interface ConvexMocks {
  /** Query results by function name; a function is called with the args; an Error is thrown. */
  queries?: Record<string, unknown>;
  mutations?: Record<string, Fn>;
  actions?: Record<string, Fn>;
  signedIn?: boolean;
  authLoading?: boolean;
}

/** Answers `useQuery`, `useMutation`, `useAction` and `useConvexAuth` from `mocks` (read at each call). */
export function mockConvex(mocks: ConvexMocks) {
  vi.mocked(useConvexAuth).mockImplementation(() => ({
    isLoading: mocks.authLoading ?? false,
    isAuthenticated: mocks.signedIn ?? true,
    isRefreshing: false,
  }));
  vi.mocked(useQuery).mockImplementation(((ref: FunctionReference<"query">, args: unknown) => {
    // A hook inside the mock: it runs during the calling component's render.
    useSyncExternalStore(subscribe, () => version);
    if (args === "skip") return undefined;
    const name = getFunctionName(ref);
    if (!mocks.queries || !(name in mocks.queries)) return undefined;
    const value = mocks.queries[name];
    if (value instanceof Error) throw value;
    return typeof value === "function" ? (value as Fn)(args) : value;
  }) as unknown as typeof useQuery);
  vi.mocked(useMutation).mockImplementation(((ref: FunctionReference<"mutation">) => {
    const name = getFunctionName(ref);
    const fn = mocks.mutations?.[name];
    if (!fn) throw new Error(`unexpected mutation ${name}`);
    return fn;
  }) as unknown as typeof useMutation);
  vi.mocked(useAction).mockImplementation(((ref: FunctionReference<"action">) => {
    const name = getFunctionName(ref);
    const fn = mocks.actions?.[name];
    if (!fn) throw new Error(`unexpected action ${name}`);
    return fn;
  }) as unknown as typeof useAction);
}

/** A promise with its resolve and reject, to hold a call open. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
