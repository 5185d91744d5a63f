import { ConvexError } from "convex/values";

/** The user-facing message of a ConvexError thrown as `{ message }`, or null. */
export function convexErrorMessage(error: unknown): string | null {
  if (!(error instanceof ConvexError)) return null;
  const data: unknown = error.data;
  if (typeof data === "string") return data || null;
  if (typeof data === "object" && data !== null && "message" in data) {
    const message = (data as { message?: unknown }).message;
    return typeof message === "string" && message ? message : null;
  }
  return null;
}
