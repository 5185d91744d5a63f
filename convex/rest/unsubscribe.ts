// The one-click unsubscribe of every email: a signed link (model/emailLinks.ts) that works signed
// out. GET (a click) and POST (mail clients' List-Unsubscribe-Post) both unsubscribe that kind.
import type { HttpRouter } from "convex/server";
import { httpAction } from "../_generated/server";
import { internal } from "../_generated/api";
import { DIGEST_EMAIL_KIND, UNSUBSCRIBE_PATH, verifyUnsubscribe } from "../model/emailLinks";
import { KIND_INFO } from "../model/notificationKinds";
import { htmlHeaders } from "../model/security/htmlHeaders";
import { escapeHtml } from "../model/html";

function page(status: number, message: string) {
  const site = process.env.SITE_URL ?? "/";
  return new Response(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bounties emails</title>` +
      `<meta name="viewport" content="width=device-width, initial-scale=1"></head>` +
      `<body style="font-family: sans-serif; max-width: 36rem; margin: 3rem auto; padding: 0 1rem">` +
      `<h1>Bounties emails</h1><p>${message}</p>` +
      `<p><a href="${site}/profile">Change your notification settings</a></p></body></html>`,
    { status, headers: htmlHeaders({ "Cache-Control": "no-store" }) },
  );
}

export function registerUnsubscribe(http: HttpRouter) {
  for (const method of ["GET", "POST"] as const)
    http.route({
      path: UNSUBSCRIBE_PATH,
      method,
      handler: httpAction(async (ctx, request) => {
        const link = await verifyUnsubscribe(new URL(request.url).searchParams);
        if (link === null) return page(400, "This unsubscribe link is not valid.");
        if (link.kind === DIGEST_EMAIL_KIND) {
          const done = await ctx.runMutation(internal.digest.unsubscribe, { userId: link.userId });
          if (!done) return page(404, "This unsubscribe link is not valid.");
          return page(200, "You will no longer get the weekly digest. Other emails are unchanged.");
        }
        const done = await ctx.runMutation(internal.emails.unsubscribe, {
          userId: link.userId,
          kind: link.kind,
          // A poster's emails about one idea: the link stops only that idea's.
          ...(link.ideaId ? { ideaId: link.ideaId } : {}),
        });
        if (!done) return page(404, "This unsubscribe link is not valid.");
        if (typeof done === "object")
          return page(
            200,
            `You will no longer get the poster's emails about “${escapeHtml(done.ideaTitle)}”. Other emails are unchanged.`,
          );
        return page(
          200,
          `You will no longer get emails about “${KIND_INFO[link.kind].label.toLowerCase()}”. Other emails are unchanged.`,
        );
      }),
    });
}
