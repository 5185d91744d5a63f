// Stripe's webhooks and the REST routes for contributions and profile money (spec §7). The
// routes call the contributions module's internal twins with the caller their token names.
import { z } from "zod";
import type Stripe from "stripe";
import { httpAction } from "../_generated/server";
import { internal } from "../_generated/api";
import type { HttpRouter } from "convex/server";
import { ConvexError } from "convex/values";
import { CHECKOUT_SESSION_ID, verifyWebhook } from "../model/money/stripe";
import { amountProblem } from "../model/money/amounts";
import { NOT_FOUND_MESSAGE } from "../contributions";
import { changeOf } from "../model/money/stripeEvents";
import type { EventChange } from "../model/money/states";
import { PAYOUT_PREFERENCES } from "../model/money/states";
import { clientKeyOf } from "../model/security/clientAddress";
import type { RestApp } from "./app";
import {
  callerId,
  HttpError,
  json,
  optionalCaller,
  parseBody,
  requireCaller,
  requireSelf,
} from "./respond";
import { requireId, requireWellFormed } from "./ids";
import { restContribution, restMyBounty } from "./shapes";

/**
 * Stripe's webhooks, step one of three: verify the signature over the raw body with the
 * endpoint's own secret, reduce the event to its change (model/money/stripeEvents.ts), and hand it
 * to convex/stripe.ts applyEvent. Platform events and Connect events (connected accounts) arrive
 * on separate endpoints, as Stripe sends them.
 */
export function registerStripeWebhook(http: HttpRouter) {
  for (const [path, endpoint] of [
    ["/stripe/webhook", "platform"],
    ["/stripe/connect-webhook", "connect"],
  ] as const) {
    http.route({
      path,
      method: "POST",
      handler: httpAction(async (ctx, request) => {
        const signature = request.headers.get("stripe-signature");
        const body = await request.text();
        let event: Stripe.Event;
        try {
          if (!signature) throw new Error("Missing Stripe-Signature");
          event = await verifyWebhook(body, signature, endpoint);
        } catch (e) {
          console.warn("Refused a webhook:", (e as Error).message);
          return new Response("Invalid signature", { status: 400 });
        }
        // Signed is not well-formed: an event without its id and type is refused like one
        // whose object is unreadable.
        if (!eventEnvelope.safeParse(event).success)
          return new Response("Unreadable event", { status: 400 });
        let change: EventChange;
        try {
          change = changeOf(event);
        } catch (e) {
          console.error(`Unreadable ${event.type} event ${event.id}`, e);
          return new Response("Unreadable event", { status: 400 });
        }
        await ctx.runMutation(internal.stripe.applyEvent, {
          eventId: event.id,
          type: event.type,
          change,
        });
        return new Response(null, { status: 200 });
      }),
    });
  }
}

const eventEnvelope = z.object({ id: z.string().min(1), type: z.string().min(1) });

const checkoutBody = z.object({
  postId: z.string().max(100),
  amount: z.number(),
  type: z.string().max(50).optional(),
  userId: z.string().nullable().optional(),
});

const payoutBody = z.object({
  payoutMethod: z.enum(PAYOUT_PREFERENCES),
  userId: z.string().nullable().optional(),
});

/** The session id of a path; anything Stripe would never have made is a 400. */
function sessionIdOf(raw: string): string {
  if (!CHECKOUT_SESSION_ID.test(raw)) throw new HttpError(400, "Invalid session ID.");
  return raw;
}

export function paymentRoutes(app: RestApp) {
  app.post("/server/api/stripe/create-checkout", async (c) => {
    const body = await parseBody(c.req.raw, checkoutBody);
    if (body.type !== undefined && body.type !== "proposal")
      throw new HttpError(400, "Only contributions to proposals are supported.");
    const problem = amountProblem(body.amount);
    if (problem) throw new HttpError(400, problem);
    if (body.userId) requireSelf(c.req.raw, await requireCaller(c.env), body.userId);
    const contributorId = await optionalCaller(c.env, c.req.raw);
    // Checked before any limit is spent: a bad request changes nothing.
    await requireId(c.env, "proposals", body.postId);
    const { url } = await c.env.runAction(internal.contributions.checkoutFor, {
      ideaId: body.postId,
      amountCents: body.amount,
      contributorId,
      // Anonymous checkouts are limited per client; only the edge sees the request's headers.
      client: contributorId === null ? await clientKeyOf(c.env, c.req.raw) : null,
    });
    return json({ url });
  });

  app.get("/server/api/contributions/:sessionId", async (c) => {
    const sessionId = sessionIdOf(c.req.param("sessionId"));
    const data = await c.env.runQuery(internal.contributions.bySessionFor, {
      sessionId,
      viewerId: await callerId(c.env),
    });
    if (data === null) throw new HttpError(404, "Contribution not found.");
    return json(restContribution(data, sessionId));
  });
  // The confirmation page without its session (spec §8).
  for (const path of ["/server/api/contributions", "/server/api/contributions/"])
    app.get(path, () => {
      throw new HttpError(400, "Missing session ID");
    });

  app.post("/server/api/contributions/:sessionId/record", async (c) => {
    // The session's state comes from Stripe, never from the request body.
    const status = await c.env
      .runAction(internal.contributions.reconcileFor, {
        sessionId: sessionIdOf(c.req.param("sessionId")),
        client: await clientKeyOf(c.env, c.req.raw),
      })
      .catch((e: unknown) => {
        if (
          e instanceof ConvexError &&
          (e.data as { message?: unknown }).message === NOT_FOUND_MESSAGE
        )
          throw new HttpError(404, NOT_FOUND_MESSAGE);
        throw e;
      });
    return json({ status });
  });

  app.post("/server/api/contributions/:sessionId/payout", async (c) => {
    const caller = await requireCaller(c.env);
    const body = await parseBody(c.req.raw, payoutBody);
    requireSelf(c.req.raw, caller, body.userId);
    const sessionId = sessionIdOf(c.req.param("sessionId"));
    const seen = await c.env.runQuery(internal.contributions.bySessionFor, {
      sessionId,
      viewerId: caller,
    });
    if (seen === null) throw new HttpError(404, NOT_FOUND_MESSAGE);
    if (!seen.isContributor)
      throw new HttpError(403, "Only the person who contributed can change this payout method.");
    await c.env.runMutation(internal.contributions.setPayoutPreferenceFor, {
      sessionId,
      preference: body.payoutMethod,
      userId: caller,
    });
    return json({ payout_preference: body.payoutMethod });
  });

  app.get("/server/api/profile/proposals", async (c) => {
    const caller = await requireCaller(c.env);
    requireSelf(c.req.raw, caller);
    const ideas = await c.env.runQuery(internal.contributions.myBountiesFor, { userId: caller });
    return json(ideas.map(restMyBounty));
  });

  app.get("/server/api/profile/contributions", async (c) => {
    const caller = await requireCaller(c.env);
    requireSelf(c.req.raw, caller);
    const ids = (c.req.query("proposalIds") ?? "").split(",").filter(Boolean);
    await requireWellFormed(c.env, "proposals", ids);
    return json(
      await c.env.runQuery(internal.contributions.myContributions, {
        userId: caller,
        ideaIds: ids,
      }),
    );
  });
}
