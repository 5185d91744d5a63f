// Errors as an app raises them: ConvexError with structured data, subclasses of Error, errors
// caught and inspected with `instanceof` after crossing ctx.runQuery / ctx.runMutation.
import {
  actionGeneric,
  internalMutationGeneric,
  makeFunctionReference,
  mutationGeneric,
  queryGeneric,
} from "convex/server";
import { ConvexError, v } from "convex/values";

class QuotaExceeded extends Error {
  constructor(readonly limit: number) {
    super(`Quota of ${limit} exceeded`);
    this.name = "QuotaExceeded";
  }
}

export const structured = queryGeneric({
  args: { code: v.string() },
  handler: async (_ctx, { code }) => {
    throw new ConvexError({ code, retryable: false, details: [1, 2, 3] });
  },
});

export const subclass = mutationGeneric({
  args: {},
  handler: async () => {
    const error = new QuotaExceeded(5);
    // The app's own checks on its own error.
    if (!(error instanceof Error) || !(error instanceof QuotaExceeded)) return "instanceof broken";
    throw error;
  },
});

export const failing = internalMutationGeneric({
  args: { kind: v.union(v.literal("convex"), v.literal("plain")) },
  handler: async (_ctx, { kind }) => {
    if (kind === "convex") throw new ConvexError({ code: "NOPE" });
    throw new TypeError("plain failure");
  },
});

/** What the caller sees of a nested call's error. */
export const inspect = actionGeneric({
  args: {},
  handler: async (ctx) => {
    const seen: Record<string, unknown> = {};
    for (const kind of ["convex", "plain"] as const) {
      try {
        await ctx.runMutation(makeFunctionReference<"mutation">("errors:failing"), { kind });
      } catch (e) {
        seen[kind] = {
          isError: e instanceof Error,
          isConvexError: e instanceof ConvexError,
          data: e instanceof ConvexError ? e.data : null,
          message:
            e instanceof Error ? e.message.includes(kind === "plain" ? "plain failure" : "") : null,
        };
      }
    }
    return seen;
  },
});
