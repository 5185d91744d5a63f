// Resend stand-in: the send-email endpoints (POST /resend/emails and /resend/emails/batch,
// Bearer RESEND_API_KEY, Idempotency-Key honoured as Resend does for 24 h) and a mailbox page
// (/resend/mailbox) that lists every email sent, readable in a browser (the HTML part shown as
// sent, and the plain text), unsubscribe links included. A control API
// (/__control/resend/emails) lists them as JSON for tests.
import { randomUUID } from "node:crypto";
import {
  escapeHtml,
  json,
  noAnswer,
  page,
  StandIn,
  Store,
  type RouteRequest,
  type StandInContext,
} from "./framework.js";

export interface SentEmail {
  id: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  /** The HTML part, when the email has one. */
  html?: string;
  headers: Record<string, string>;
  idempotencyKey: string | null;
  createdAt: number;
}

interface ResendState {
  emails: SentEmail[];
}

const error = (statusCode: number, name: string, message: string) =>
  json({ statusCode, name, message }, statusCode);

const asList = (value: unknown): string[] | null =>
  typeof value === "string"
    ? [value]
    : Array.isArray(value) && value.every((v) => typeof v === "string")
      ? value
      : null;

const linkify = (text: string) =>
  escapeHtml(text).replace(/https?:\/\/[^\s<>"]+/g, (url) => `<a href="${url}">${url}</a>`);

export function resendStandIn(ctx: StandInContext & { dataDir: string | null }): StandIn {
  const store = new Store<ResendState>(ctx.dataDir, "resend", () => ({ emails: [] }));
  const apiKey = ctx.env.RESEND_API_KEY ?? "";
  let loseAnswers = 0;

  function mailbox(): Response {
    const emails = [...store.data.emails].sort((a, b) => b.createdAt - a.createdAt);
    const items = emails
      .map((e) => {
        const unsubscribe = e.headers["List-Unsubscribe"]?.replace(/^<|>$/g, "");
        return `<article style="border-top:1px solid #ddd;padding:12px 0">
<h2 style="font-size:1rem;margin:0">${escapeHtml(e.subject)}</h2>
<p class="note">To ${escapeHtml(e.to.join(", "))} · from ${escapeHtml(e.from)} · ${new Date(e.createdAt).toISOString()}</p>
${e.html ? `<p><a href="/resend/mailbox/${escapeHtml(e.id)}/html">Open the HTML part</a></p><iframe title="${escapeHtml(e.subject)} (HTML)" sandbox srcdoc="${escapeHtml(e.html)}" style="width:100%;max-width:640px;height:420px;border:1px solid #ddd;border-radius:8px"></iframe>` : ""}
<pre style="white-space:pre-wrap;font:inherit">${linkify(e.text)}</pre>
${unsubscribe ? `<p><a href="${escapeHtml(unsubscribe)}">Unsubscribe (List-Unsubscribe)</a></p>` : ""}
</article>`;
      })
      .join("\n");
    return page(
      "Mailbox",
      `<h1>Mailbox</h1><p class="note">Every email the app sent through the Resend stand-in (${emails.length}).</p>${
        items || "<p>No emails yet.</p>"
      }`,
    );
  }

  const authorized = (req: RouteRequest) =>
    apiKey !== "" && req.request.headers.get("authorization") === `Bearer ${apiKey}`;

  /** An email of a request's body, or Resend's 422 message for it. */
  function parseEmail(
    body: unknown,
  ): Omit<SentEmail, "id" | "idempotencyKey" | "createdAt"> | string {
    const email = (body ?? {}) as Record<string, unknown>;
    const to = asList(email.to);
    if (typeof email.from !== "string" || !email.from) return "The `from` field is required.";
    if (!to || to.length === 0) return "The `to` field is required.";
    if (typeof email.subject !== "string" || !email.subject)
      return "The `subject` field is required.";
    return {
      from: email.from,
      to,
      subject: email.subject,
      text: typeof email.text === "string" ? email.text : "",
      ...(typeof email.html === "string" ? { html: email.html } : {}),
      headers: (email.headers as Record<string, string> | undefined) ?? {},
    };
  }

  /** As Resend does for 24 h: a key seen before answers with what it answered then. */
  const sentWithKey = (key: string | null) =>
    key
      ? store.data.emails.filter(
          (e) => e.idempotencyKey === key && Date.now() - e.createdAt < 24 * 3600 * 1000,
        )
      : [];

  function deliver(
    emails: Omit<SentEmail, "id" | "idempotencyKey" | "createdAt">[],
    key: string | null,
  ): SentEmail[] {
    const sent = emails.map((email) => ({
      ...email,
      id: randomUUID(),
      idempotencyKey: key,
      createdAt: Date.now(),
    }));
    store.data.emails.push(...sent);
    store.changed();
    for (const email of sent) ctx.log(`resend: email to ${email.to.join(", ")}: ${email.subject}`);
    return sent;
  }

  function readJson(req: RouteRequest): unknown {
    try {
      return req.json<unknown>();
    } catch {
      return undefined;
    }
  }

  return (
    new StandIn(
      "resend",
      "Resend email API (/resend/emails, /resend/emails/batch), mailbox (/resend/mailbox)",
    )
      .route("POST", "/resend/emails", (req) => {
        if (!authorized(req)) return error(401, "validation_error", "API key is invalid");
        const body = readJson(req);
        if (body === undefined) return error(422, "validation_error", "The body must be JSON.");
        const email = parseEmail(body);
        if (typeof email === "string") return error(422, "validation_error", email);
        const key = req.request.headers.get("idempotency-key");
        const earlier = sentWithKey(key);
        if (earlier.length > 0) return json({ id: earlier[0]!.id });
        return json({ id: deliver([email], key)[0]!.id });
      })
      // The batch endpoint (what @convex-dev/resend calls): up to 100 emails, all or none (one
      // invalid email refuses the whole batch, as Resend does), under one idempotency key.
      .route("POST", "/resend/emails/batch", (req) => {
        if (!authorized(req)) return error(401, "validation_error", "API key is invalid");
        const body = readJson(req);
        if (!Array.isArray(body) || body.length === 0 || body.length > 100)
          return error(422, "validation_error", "The body must be an array of 1 to 100 emails.");
        const emails = [];
        for (const [i, item] of body.entries()) {
          const email = parseEmail(item);
          if (typeof email === "string")
            return error(422, "validation_error", `emails[${i}]: ${email}`);
          emails.push(email);
        }
        const key = req.request.headers.get("idempotency-key");
        const earlier = sentWithKey(key);
        const sent = earlier.length > 0 ? earlier : deliver(emails, key);
        if (loseAnswers > 0) {
          // Sent, but the caller never hears so (it will retry under the same key).
          loseAnswers -= 1;
          return noAnswer("lost");
        }
        return json({ data: sent.map((email) => ({ id: email.id })) });
      })
      .route("GET", "/resend/emails/:id", (req) => {
        if (!authorized(req)) return error(401, "validation_error", "API key is invalid");
        const email = store.data.emails.find((e) => e.id === req.params.id);
        return email ? json({ object: "email", ...email }) : error(404, "not_found", "Not found");
      })
      .route("GET", "/resend/mailbox", () => mailbox())
      .route("GET", "/resend/mailbox/:id/html", ({ params }) => {
        const email = store.data.emails.find((e) => e.id === params.id);
        return email?.html
          ? new Response(email.html, { headers: { "Content-Type": "text/html; charset=utf-8" } })
          : error(404, "not_found", "Not found");
      })
      .route("GET", "/__control/resend/emails", () => json({ emails: store.data.emails }))
      // Fault injection for tests: the next `count` batches are sent but their answers are lost.
      .route("POST", "/__control/resend/lose-answers", (req) => {
        const { count } = (readJson(req) ?? {}) as { count?: unknown };
        if (typeof count !== "number" || !Number.isInteger(count) || count < 0)
          return error(422, "validation_error", "count must be a whole number.");
        loseAnswers = count;
        return json({ loseAnswers });
      })
  );
}
