// Sends through @convex-dev/resend, which calls https://api.resend.com itself: the runtime's
// host map sends that to the Resend stand-in.
import { Resend } from "@convex-dev/resend";
import { actionGeneric, componentsGeneric, mutationGeneric, queryGeneric } from "convex/server";
import { v } from "convex/values";

// The fixture has no generated code; this is what _generated/api.js exports as `components`.
const components = componentsGeneric() as any;

const resend = () =>
  new Resend(components.resend, {
    apiKey: process.env.RESEND_API_KEY,
    testMode: false,
    // Retries come quickly in a test.
    initialBackoffMs: 200,
  });

export const send = mutationGeneric({
  args: { to: v.string(), subject: v.string(), key: v.string() },
  handler: async (ctx, { to, subject, key }) =>
    resend().sendEmail(ctx, {
      from: "Tests <tests@example.com>",
      to,
      subject,
      text: `About ${subject}`,
      headers: [{ name: "List-Unsubscribe", value: "<http://127.0.0.1/unsubscribe>" }],
      idempotencyKey: key,
    }),
});

export const status = queryGeneric({
  args: { id: v.string() },
  handler: async (ctx, { id }) => (await resend().status(ctx, id as any))?.status ?? null,
});

/** A request to a real outside address, which the runtime must refuse in loopback-only mode. */
export const fetchOutside = actionGeneric({
  args: {},
  handler: async () => {
    try {
      await fetch("https://example.com/");
      return "reached example.com";
    } catch (e) {
      return `${(e as Error).message}: ${((e as Error).cause as Error | undefined)?.message}`;
    }
  },
});
