// The weekly digest (issue 38): off by default; an opted-in person gets it once a week from the
// Monday cron, through the Resend component, with the open ideas to fund or make and a one-click
// unsubscribe; nobody else gets it, and a second run in the same week sends nothing.
import { afterEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { as, createUser } from "./test.setup";
import { registerEmailComponents } from "./test.emails";
import { cleanUp, DAY, moneyWorld, runScheduled, setNow, type MoneyWorld } from "./test.money";
import { WEEK_MS, weekStartOf } from "./model/community/weeks";
import { DIGEST_BATCH, DIGEST_SUBJECT } from "./model/community/digest";

afterEach(cleanUp);

const RESEND = "https://api.resend.com";

function mockResend() {
  vi.stubEnv("RESEND_API_KEY", "re_test");
  vi.stubEnv("EMAIL_LINK_SECRET", "link-secret");
  vi.stubEnv("SITE_URL", "http://site.test");
  vi.stubEnv("CONVEX_SITE_URL", "http://convex.test");
  const sent: { key: string | null; body: Record<string, unknown> }[] = [];
  const calls: string[] = [];
  const previous = globalThis.fetch;
  vi.stubGlobal("fetch", async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    if (!request.url.startsWith(RESEND)) return previous(input, init);
    const key = request.headers.get("idempotency-key");
    calls.push(key ?? "");
    const batch = (await request.json()) as Record<string, unknown>[];
    for (const body of batch) sent.push({ key, body });
    return Response.json({ data: batch.map((_, i) => ({ id: `email_${sent.length + i}` })) });
  });
  return { sent, calls };
}

function digestWorld() {
  const w = moneyWorld();
  registerEmailComponents(w.t);
  // Monday 13:17 UTC, the cron's time, a week from now.
  setNow(weekStartOf(Date.now()) + WEEK_MS + (13 * 60 + 17) * 60 * 1000);
  return w;
}

/** Runs scheduled work until the component has made `count` calls to Resend (or time is up). */
async function untilCalled(w: MoneyWorld, calls: string[], count: number, waitMs = 5000) {
  for (let i = 0; i < waitMs / 50 && calls.length < count; i++) {
    await runScheduled(w.t);
    if (calls.length < count) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await runScheduled(w.t);
}

async function openIdea(w: MoneyWorld, oneLiner: string, days = 10) {
  const author = await createUser(w.t);
  return await as(w.t, author).mutation(api.ideas.create, {
    oneLiner,
    platform: "Any",
    durations: ["SHORT"],
    expiration: Date.now() + days * DAY,
    links: [],
  });
}

const digestsTo = (sent: { body: Record<string, unknown> }[], email: string) =>
  sent.filter((s) => s.body.subject === DIGEST_SUBJECT && (s.body.to as string[]).includes(email));

describe("the weekly digest", () => {
  test("is off by default; an opted-in person gets it once a week, the others never", async () => {
    const w = digestWorld();
    const resend = mockResend();
    const wanted = await openIdea(w, "Pigeons of Lisbon");
    const waiting = await openIdea(w, "Night trains of Europe");
    const fan = await createUser(w.t, { email: "fan@example.com" });
    const other = await createUser(w.t, { email: "other@example.com" });
    const quitter = await createUser(w.t, { email: "quitter@example.com" });
    // An upvote puts one idea first among those to fund.
    await as(w.t, other).mutation(api.ideas.vote, { ideaId: wanted, vote: 1 });

    expect(await as(w.t, other).query(api.digest.subscribed, {})).toBe(false);
    await as(w.t, fan).mutation(api.digest.setSubscription, { subscribed: true });
    await as(w.t, quitter).mutation(api.digest.setSubscription, { subscribed: true });
    await as(w.t, quitter).mutation(api.digest.setSubscription, { subscribed: false });
    expect(await as(w.t, fan).query(api.digest.subscribed, {})).toBe(true);

    await w.t.mutation(internal.digest.start, {});
    await untilCalled(w, resend.calls, 1);
    expect(digestsTo(resend.sent, "fan@example.com")).toHaveLength(1);
    expect(digestsTo(resend.sent, "other@example.com")).toHaveLength(0);
    expect(digestsTo(resend.sent, "quitter@example.com")).toHaveLength(0);

    const [digest] = digestsTo(resend.sent, "fan@example.com");
    const text = digest!.body.text as string;
    expect(text).toContain("Ideas to fund");
    expect(text).toContain(`"Pigeons of Lisbon"`);
    expect(text).toContain(`http://site.test/expanded-proposal/${wanted}`);
    expect(text).toContain(`http://site.test/expanded-proposal/${waiting}`);
    expect(text.indexOf("Pigeons of Lisbon")).toBeLessThan(text.indexOf("Night trains"));
    const headers = digest!.body.headers as Record<string, string>;
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(headers["List-Unsubscribe"]).toMatch(/k=weekly_digest/);
    expect(digest!.body.html as string).toContain("Unsubscribe from the weekly digest");

    // The cron again in the same week (a restart, a second deploy), and the sweep: nothing more.
    await w.t.mutation(internal.digest.start, {});
    await w.t.mutation(internal.digest.sweep, {});
    setNow(Date.now() + 5_000);
    await untilCalled(w, resend.calls, 2, 2000);
    expect(digestsTo(resend.sent, "fan@example.com")).toHaveLength(1);
    // Switching it off and on again that week sends no second one either.
    await as(w.t, fan).mutation(api.digest.setSubscription, { subscribed: false });
    await as(w.t, fan).mutation(api.digest.setSubscription, { subscribed: true });
    await w.t.mutation(internal.digest.start, {});
    await untilCalled(w, resend.calls, 2, 1000);
    expect(digestsTo(resend.sent, "fan@example.com")).toHaveLength(1);

    // Next Monday: the next one.
    setNow(Date.now() + WEEK_MS);
    await w.t.mutation(internal.digest.start, {});
    await untilCalled(w, resend.calls, 2);
    expect(digestsTo(resend.sent, "fan@example.com")).toHaveLength(2);
    expect(digestsTo(resend.sent, "other@example.com")).toHaveLength(0);
  });

  test("the email's one-click unsubscribe works signed out and turns the digest off", async () => {
    const w = digestWorld();
    const resend = mockResend();
    await openIdea(w, "Pigeons of Lisbon");
    const fan = await createUser(w.t, { email: "fan@example.com" });
    await as(w.t, fan).mutation(api.digest.setSubscription, { subscribed: true });
    await w.t.mutation(internal.digest.start, {});
    await untilCalled(w, resend.calls, 1);
    const [digest] = digestsTo(resend.sent, "fan@example.com");
    const link = (digest!.body.headers as Record<string, string>)["List-Unsubscribe"]!.slice(1, -1);
    const url = new URL(link);
    // A forged signature changes nothing.
    const forged = await w.t.fetch(`${url.pathname}?u=${fan}&k=weekly_digest&s=bad`, {
      method: "POST",
    });
    expect(forged.status).toBe(400);
    expect(await as(w.t, fan).query(api.digest.subscribed, {})).toBe(true);
    const response = await w.t.fetch(`${url.pathname}${url.search}`, { method: "POST" });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("You will no longer get the weekly digest.");
    expect(await as(w.t, fan).query(api.digest.subscribed, {})).toBe(false);
    // Other emails are unchanged.
    expect(
      (await as(w.t, fan).query(api.notifications.preferences, {})).find(
        (p) => p.kind === "payment_confirmed",
      )!.email,
    ).toBe(true);
  });

  test("with no open idea to list, nothing is sent", async () => {
    const w = digestWorld();
    const resend = mockResend();
    const fan = await createUser(w.t, { email: "fan@example.com" });
    await as(w.t, fan).mutation(api.digest.setSubscription, { subscribed: true });
    await w.t.mutation(internal.digest.start, {});
    await untilCalled(w, resend.calls, 1, 1000);
    expect(resend.sent).toHaveLength(0);
    const rows = await w.t.run((ctx) => ctx.db.query("digestEmails").collect());
    expect(rows.map((r) => r.state)).toEqual(["skipped"]);
  });

  test("every subscriber is queued once, a batch per transaction, however many there are", async () => {
    const w = digestWorld();
    vi.stubEnv("RESEND_API_KEY", "");
    await openIdea(w, "Pigeons of Lisbon");
    const count = DIGEST_BATCH + 15;
    const people = await w.t.run(async (ctx) => {
      const ids: Id<"users">[] = [];
      for (let i = 0; i < count; i++) {
        const userId = await ctx.db.insert("users", { name: `P ${i}`, email: `p${i}@example.com` });
        await ctx.db.insert("digestSubscriptions", { userId, subscribed: true, lastSentWeek: 0 });
        ids.push(userId);
      }
      return ids;
    });
    await w.t.mutation(internal.digest.start, {});
    await runScheduled(w.t);
    const rows = await w.t.run((ctx) => ctx.db.query("digestEmails").collect());
    expect(new Set(rows.map((r) => r.userId))).toEqual(new Set(people));
    expect(rows).toHaveLength(count);
    // Without an API key they wait for their next attempt, as notification emails do.
    expect(
      rows.every((r) => r.state === "queued" && r.lastError === "RESEND_API_KEY is not set"),
    ).toBe(true);
  });
});
