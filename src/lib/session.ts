import { useEffect } from "react";
import { useConvexAuth, useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { api } from "../../convex/_generated/api";
import { firstPaintAnswer, forgetFirstPaint } from "./firstPaint";

/** The signed-in person's profile, as `api.users.current` returns it. */
export type CurrentUser = NonNullable<FunctionReturnType<typeof api.users.current>>;

export interface CurrentUserState {
  /** True while the session is checked or, once signed in, while the profile loads. */
  isLoading: boolean;
  isAuthenticated: boolean;
  /** The profile; null for a visitor, and while loading. */
  user: CurrentUser | null;
}

/**
 * The session and the signed-in person's profile, kept live. The profile query is skipped for
 * visitors. A failing profile query throws during render, like any `useQuery`: wrap the
 * component in a `QueryErrorBoundary` to recover.
 */
export function useCurrentUser(): CurrentUserState {
  const { isLoading: sessionLoading, isAuthenticated } = useConvexAuth();
  const user = useQuery(api.users.current, isAuthenticated ? {} : "skip");
  // The profile's first paint showed this person (src/lib/firstPaint.ts): forgotten once the
  // session has its own answer, so a later sign-in never shows it.
  const settled = !sessionLoading && (!isAuthenticated || user !== undefined);
  useEffect(() => {
    if (settled) forgetFirstPaint(api.users.current);
  }, [settled]);
  if (sessionLoading) return { isLoading: true, isAuthenticated, user: null };
  if (!isAuthenticated) return { isLoading: false, isAuthenticated: false, user: null };
  return { isLoading: user === undefined, isAuthenticated: true, user: user ?? null };
}

/**
 * Whether this page's first paint greeted the signed-in person (index.html, on /profile): the
 * page has shown their session since it loaded, before the app confirmed it, so an end of that
 * session is followed as if the app had seen it (a sign-out in another tab goes to /).
 */
export function greetedAtFirstPaint(): boolean {
  return firstPaintAnswer(api.users.current, {}) !== undefined;
}

/**
 * Whether this browser keeps a session to check: @convex-dev/auth's stored tokens, under its keys
 * and the deployment's address (index.html's first script reads the same keys).
 */
export function hasStoredSession(): boolean {
  const namespace = String(import.meta.env.VITE_CONVEX_URL ?? "").replace(/[^a-zA-Z0-9]/g, "");
  try {
    return ["__convexAuthJWT", "__convexAuthRefreshToken"].some(
      (key) => localStorage.getItem(`${key}_${namespace}`) !== null,
    );
  } catch {
    return false;
  }
}
