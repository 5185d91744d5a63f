// The real @convex-dev/resend component on the runtime, against the Resend stand-in: the
// component calls https://api.resend.com itself; the runtime's host map sends that to the
// stand-in, and in loopback-only mode nothing leaves the machine.
import { mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { ConvexHttpClient } from "convex/browser";
import { serveStandIns } from "../../standins/framework.js";
import { resendStandIn, type SentEmail } from "../../standins/resend.js";
import { api, appCopy, freePort, startRuntime, waitFor, type RuntimeProcess } from "./harness.js";

const API_KEY = "re_test_key";
const ADMIN_KEY = "test-admin-key";
let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

async function start() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "resend-standin-"));
  const port = await freePort();
  const standIns = `http://127.0.0.1:${port}`;
  const server: Server = await serveStandIns(
    [
      resendStandIn({
        baseUrl: standIns,
        env: { RESEND_API_KEY: API_KEY },
        log: () => {},
        dataDir,
      }),
    ],
    { port, log: () => {} },
  );
  cleanups.push(
    () => new Promise<void>((resolve) => server.close(() => resolve())),
    () => rmSync(dataDir, { recursive: true, force: true }),
  );
  const copy = appCopy("resend");
  const runtime: RuntimeProcess = await startRuntime({
    ...copy,
    env: {
      RESEND_API_KEY: API_KEY,
      CONVEX_LOCAL_ADMIN_KEY: ADMIN_KEY,
      LOCAL_RUNTIME_HOST_MAP: `https://api.resend.com=${standIns}/resend`,
      LOCAL_RUNTIME_OUTBOUND: "loopback-only",
    },
  });
  cleanups.push(() => runtime.stop(), copy.cleanup);
  const mailbox = async () =>
    ((await (await fetch(`${standIns}/__control/resend/emails`)).json()) as { emails: SentEmail[] })
      .emails;
  const metrics = async () =>
    (await (
      await fetch(`${runtime.url}/api/local/metrics`, {
        headers: { Authorization: `Convex ${ADMIN_KEY}` },
      })
    ).json()) as { outboundMapped: number; outboundRefused: number };
  return { runtime, standIns, http: new ConvexHttpClient(runtime.url), mailbox, metrics };
}

describe("@convex-dev/resend on the runtime", () => {
  test("an email goes through the component to the stand-in's mailbox, once per key", async () => {
    const { http, mailbox, metrics } = await start();
    const args = { to: "ana@example.com", subject: "Hello", key: "notification-1" };
    const id = await http.mutation(api.emails.send, args);
    // Enqueued twice under one key: one email.
    expect(await http.mutation(api.emails.send, args)).toBe(id);
    await waitFor(
      async () => (await http.query(api.emails.status, { id })) === "sent",
      15_000,
      "the component to mark the email sent",
    );
    const emails = await mailbox();
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({
      to: ["ana@example.com"],
      subject: "Hello",
      text: "About Hello",
      headers: { "List-Unsubscribe": "<http://127.0.0.1/unsubscribe>" },
    });
    expect((await metrics()).outboundMapped).toBeGreaterThanOrEqual(1);
  });

  test("a send whose answer is lost is retried under the same key and arrives once", async () => {
    const { http, standIns, mailbox } = await start();
    await fetch(`${standIns}/__control/resend/lose-answers`, {
      method: "POST",
      body: JSON.stringify({ count: 1 }),
    });
    const id = await http.mutation(api.emails.send, {
      to: "bo@example.com",
      subject: "Retried",
      key: "notification-2",
    });
    await waitFor(
      async () => (await http.query(api.emails.status, { id })) === "sent",
      20_000,
      "the retried send",
    );
    const emails = await mailbox();
    expect(emails.map((e) => e.subject)).toEqual(["Retried"]);
  });

  test("after the local clock moved ahead and back, the component's next email still goes out", async () => {
    const { http, runtime, mailbox } = await start();
    const clock = (offsetMs: number) =>
      fetch(`${runtime.url}/api/local/clock`, {
        method: "POST",
        headers: { Authorization: `Convex ${ADMIN_KEY}` },
        body: JSON.stringify({ offsetMs }),
      });
    // Sent while the clock is 8 days ahead: the component schedules its next batch run then.
    await clock(8 * 24 * 3600_000);
    const ahead = await http.mutation(api.emails.send, {
      to: "a@example.com",
      subject: "Ahead",
      key: "k1",
    });
    await waitFor(
      async () => (await http.query(api.emails.status, { id: ahead })) === "sent",
      15_000,
      "the first email",
    );
    await clock(0);
    const back = await http.mutation(api.emails.send, {
      to: "a@example.com",
      subject: "Back",
      key: "k2",
    });
    await waitFor(
      async () => (await http.query(api.emails.status, { id: back })) === "sent",
      15_000,
      "the email sent after the clock moved back",
    );
    expect((await mailbox()).map((e) => e.subject)).toEqual(["Ahead", "Back"]);
  });

  test("loopback-only: a function's request to an outside address is refused", async () => {
    const { http, metrics } = await start();
    expect(await http.action(api.emails.fetchOutside, {})).toBe(
      "fetch failed: The local runtime sends requests only to this machine (loopback-only): https://example.com was refused.",
    );
    expect((await metrics()).outboundRefused).toBe(1);
  });
});
