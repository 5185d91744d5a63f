// Resend stand-in: the send-email endpoint (POST /resend/emails, Bearer RESEND_API_KEY,
// Idempotency-Key honoured as Resend does for 24 h) and a mailbox page (/resend/mailbox) that
// lists every email sent, readable in a browser (the HTML part shown as sent, and the plain
// text), unsubscribe links included. A control API
// (/__control/resend/emails) lists them as JSON for tests.
import { randomUUID } from "node:crypto";
import { escapeHtml, json, page, StandIn, Store, type StandInContext } from "./framework.js";

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

  return new StandIn("resend", "Resend email API (/resend/emails), mailbox (/resend/mailbox)")
    .route("POST", "/resend/emails", (req) => {
      if (req.request.headers.get("authorization") !== `Bearer ${apiKey}` || !apiKey)
        return error(401, "validation_error", "API key is invalid");
      let body: Record<string, unknown>;
      try {
        body = req.json<Record<string, unknown>>() ?? {};
      } catch {
        return error(422, "validation_error", "The body must be JSON.");
      }
      const to = asList(body.to);
      if (typeof body.from !== "string" || !body.from)
        return error(422, "validation_error", "The `from` field is required.");
      if (!to || to.length === 0)
        return error(422, "validation_error", "The `to` field is required.");
      if (typeof body.subject !== "string" || !body.subject)
        return error(422, "validation_error", "The `subject` field is required.");
      const key = req.request.headers.get("idempotency-key");
      const earlier = key
        ? store.data.emails.find(
            (e) => e.idempotencyKey === key && Date.now() - e.createdAt < 24 * 3600 * 1000,
          )
        : undefined;
      if (earlier) return json({ id: earlier.id });
      const email: SentEmail = {
        id: randomUUID(),
        from: body.from,
        to,
        subject: body.subject,
        text: typeof body.text === "string" ? body.text : "",
        ...(typeof body.html === "string" ? { html: body.html } : {}),
        headers: (body.headers as Record<string, string> | undefined) ?? {},
        idempotencyKey: key,
        createdAt: Date.now(),
      };
      store.data.emails.push(email);
      store.changed();
      ctx.log(`resend: email to ${to.join(", ")}: ${email.subject}`);
      return json({ id: email.id });
    })
    .route("GET", "/resend/emails/:id", ({ params, request }) => {
      if (request.headers.get("authorization") !== `Bearer ${apiKey}`)
        return error(401, "validation_error", "API key is invalid");
      const email = store.data.emails.find((e) => e.id === params.id);
      return email ? json({ object: "email", ...email }) : error(404, "not_found", "Not found");
    })
    .route("GET", "/resend/mailbox", () => mailbox())
    .route("GET", "/resend/mailbox/:id/html", ({ params }) => {
      const email = store.data.emails.find((e) => e.id === params.id);
      return email?.html
        ? new Response(email.html, { headers: { "Content-Type": "text/html; charset=utf-8" } })
        : error(404, "not_found", "Not found");
    })
    .route("GET", "/__control/resend/emails", () => json({ emails: store.data.emails }));
}
