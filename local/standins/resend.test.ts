// The Resend stand-in, in memory: it takes emails only with the key, honours idempotency keys,
// and shows every email on the mailbox page.
import { describe, expect, test } from "vitest";
import { dispatcher } from "./framework.js";
import { resendStandIn } from "./resend.js";

const base = "http://127.0.0.1:1";

function world() {
  const standIn = resendStandIn({
    baseUrl: base,
    env: { RESEND_API_KEY: "re_test" },
    log: () => undefined,
    dataDir: null,
  });
  return dispatcher([standIn]);
}

const send = (
  dispatch: ReturnType<typeof world>,
  body: unknown,
  headers: Record<string, string> = {},
) =>
  dispatch(
    new Request(`${base}/resend/emails`, {
      method: "POST",
      headers: { Authorization: "Bearer re_test", "Content-Type": "application/json", ...headers },
      body: JSON.stringify(body),
    }),
  );

const email = {
  from: "Bounties <notifications@bounties.local>",
  to: ["ana@example.com"],
  subject: "Your payment was confirmed: Bridges of Lisbon",
  text: "Your payment of $5.00 is confirmed.\n\nhttp://localhost:5173/expanded-proposal/1\n",
  headers: { "List-Unsubscribe": "<http://127.0.0.1:3211/email/unsubscribe?u=1&k=x&s=y>" },
};

describe("the Resend stand-in", () => {
  test("refuses a wrong key and incomplete emails", async () => {
    const dispatch = world();
    expect((await send(dispatch, email, { Authorization: "Bearer nope" })).status).toBe(401);
    expect((await send(dispatch, { ...email, to: [] })).status).toBe(422);
  });

  test("an idempotency key sends once; the mailbox lists every email with its links", async () => {
    const dispatch = world();
    const first = await send(dispatch, email, { "Idempotency-Key": "k1" });
    const again = await send(dispatch, email, { "Idempotency-Key": "k1" });
    const { id } = (await first.json()) as { id: string };
    expect(((await again.json()) as { id: string }).id).toBe(id);
    await send(dispatch, { ...email, subject: "Another" }, { "Idempotency-Key": "k2" });
    const listed = (await (
      await dispatch(new Request(`${base}/__control/resend/emails`))
    ).json()) as { emails: unknown[] };
    expect(listed.emails).toHaveLength(2);
    const html = await (await dispatch(new Request(`${base}/resend/mailbox`))).text();
    expect(html).toContain("Your payment was confirmed: Bridges of Lisbon");
    expect(html).toContain("Another");
    expect(html).toContain('href="http://localhost:5173/expanded-proposal/1"');
    expect(html).toContain("Unsubscribe (List-Unsubscribe)");
  });

  test("an HTML part is kept, shown in the mailbox as sent and served on its own", async () => {
    const dispatch = world();
    const res = await send(dispatch, { ...email, html: "<p>Hello <b>Ana</b></p>" });
    const { id } = (await res.json()) as { id: string };
    const mailbox = await (await dispatch(new Request(`${base}/resend/mailbox`))).text();
    expect(mailbox).toContain('srcdoc="&lt;p&gt;Hello &lt;b&gt;Ana&lt;/b&gt;&lt;/p&gt;"');
    const part = await dispatch(new Request(`${base}/resend/mailbox/${id}/html`));
    expect(part.headers.get("content-type")).toContain("text/html");
    expect(await part.text()).toBe("<p>Hello <b>Ana</b></p>");
  });

  test("a batch is sent whole or not at all, once per idempotency key", async () => {
    const dispatch = world();
    const batch = (body: unknown, key: string) =>
      dispatch(
        new Request(`${base}/resend/emails/batch`, {
          method: "POST",
          headers: {
            Authorization: "Bearer re_test",
            "Content-Type": "application/json",
            "Idempotency-Key": key,
          },
          body: JSON.stringify(body),
        }),
      );
    const listed = async () =>
      (
        (await (await dispatch(new Request(`${base}/__control/resend/emails`))).json()) as {
          emails: { subject: string }[];
        }
      ).emails;
    // One invalid email refuses the whole batch.
    const refused = await batch([email, { ...email, to: [] }], "b0");
    expect(refused.status).toBe(422);
    expect(await listed()).toHaveLength(0);
    const first = await batch([email, { ...email, subject: "Second" }], "b1");
    const { data } = (await first.json()) as { data: { id: string }[] };
    expect(data).toHaveLength(2);
    // A retry with the same key (the component retries a batch with its first email's id).
    const retry = await batch([email, { ...email, subject: "Second" }], "b1");
    expect(((await retry.json()) as { data: { id: string }[] }).data).toEqual(data);
    expect((await listed()).map((e) => e.subject)).toEqual([email.subject, "Second"]);
  });
});
