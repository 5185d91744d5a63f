// The steps the two email outboxes share — notification emails (convex/emails.ts) and the weekly
// digest (convex/digest.ts): each queued email is handed to the Resend component once, waits
// while Resend is not configured, and is marked sent once the component has it.
import { Resend } from "@convex-dev/resend";
import { components } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";

export const MAX_EMAIL_ATTEMPTS = 8;

/** 1, 2, 4 … minutes, at most an hour. */
export function emailBackoffMs(attempts: number): number {
  return Math.min(2 ** Math.max(0, attempts - 1) * 60_000, 60 * 60_000);
}

// Built per use: the API key is read from the environment at construction.
export const resendClient = () =>
  new Resend(components.resend, {
    apiKey: process.env.RESEND_API_KEY ?? "",
    // Real addresses (the component only accepts @resend.dev ones in its test mode).
    testMode: false,
    // About today's policy: 8 attempts from a minute apart, doubling.
    retryAttempts: MAX_EMAIL_ATTEMPTS,
    initialBackoffMs: 60_000,
  });

type Outbox = "emails" | "digestEmails";
interface QueuedEmail<T extends Outbox> {
  _id: Id<T>;
  attempts: number;
}

/**
 * No RESEND_API_KEY: nothing is sent, and the email waits for its next attempt (failed after
 * the last). The wait until that attempt, for the caller to schedule; null when it gave up.
 */
export async function waitForApiKey<T extends Outbox>(
  ctx: MutationCtx,
  outbox: T,
  email: QueuedEmail<T>,
  now: number,
): Promise<number | null> {
  const attempts = email.attempts + 1;
  const giveUp = attempts >= MAX_EMAIL_ATTEMPTS;
  const wait = emailBackoffMs(attempts);
  await ctx.db.patch(outbox as Outbox, email._id as Id<Outbox>, {
    attempts,
    lastError: "RESEND_API_KEY is not set",
    ...(giveUp ? { state: "failed" as const } : { nextAttemptAt: now + wait }),
  });
  return giveUp ? null : wait;
}

/** "sent": the component has it and delivers it to Resend (its email id: `resendId`). */
export async function markHandedOver<T extends Outbox>(
  ctx: MutationCtx,
  outbox: T,
  emailId: Id<T>,
  resendId: string,
): Promise<null> {
  const email = await ctx.db.get(outbox as Outbox, emailId as Id<Outbox>);
  if (email === null || email.state !== "queued") return null;
  await ctx.db.patch(outbox as Outbox, email._id, {
    state: "sent",
    attempts: email.attempts + 1,
    resendId,
    sentAt: Date.now(),
    lastError: undefined,
  });
  return null;
}
