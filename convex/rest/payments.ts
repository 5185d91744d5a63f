// Stripe's webhook and the REST routes for contributions and profile money (spec §7).
import { z } from "zod";
import type Stripe from "stripe";
import { httpAction } from "../_generated/server";
import { api, internal } from "../_generated/api";
import type { CorsHttpRouter } from "convex-helpers/server/cors";
import type { HttpRouter } from "convex/server";
import { verifyWebhook } from "../model/payments/stripe";
import { changeOf, type EventChange } from "../model/payments/events";
import { centsToDollars } from "../model/labels";
import { handle, HttpError, json, parseBody, requireCaller, requireSelf } from "./respond";

/**
 * Stripe's webhooks, step one of three: verify the signature over the raw body with the
 * endpoint's own secret, reduce the event to its change (model/payments/events.ts), and hand it
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

const checkoutBody = z.object({
  postId: z.string().max(100),
  amount: z.number(),
  type: z.string().max(50).optional(),
  userId: z.string().nullable().optional(),
});

export function registerPaymentRoutes(http: CorsHttpRouter) {
  http.route({
    path: "/server/api/stripe/create-checkout",
    method: "POST",
    handler: httpAction(
      handle(async (ctx, request) => {
        const body = await parseBody(request, checkoutBody);
        if (body.type !== undefined && body.type !== "proposal")
          throw new HttpError(400, "Only contributions to proposals are supported.");
        if (body.userId) requireSelf(request, await requireCaller(ctx), body.userId);
        const { url } = await ctx.runAction(api.contributions.startCheckout, {
          proposalId: body.postId,
          amountCents: body.amount,
        });
        return json({ url });
      }),
    ),
  });

  http.route({
    pathPrefix: "/server/api/contributions/",
    method: "GET",
    handler: httpAction(
      handle(async (ctx, request) => {
        const [sessionId, ...rest] = new URL(request.url).pathname
          .slice("/server/api/contributions/".length)
          .split("/");
        if (!sessionId || rest.length > 0) throw new HttpError(400, "Missing session ID");
        const data = await ctx.runQuery(api.contributions.bySession, { sessionId });
        if (data === null) throw new HttpError(404, "Contribution not found.");
        return json({
          proposal: { id: data.proposal._id, title: data.proposal.title },
          contribution: {
            amount: centsToDollars(data.contribution.amountCents),
            status: data.contribution.status,
            created: new Date(data.contribution.created).toISOString(),
            customerDetails: data.contribution.customerDetails
              ? {
                  name: data.contribution.customerDetails.name ?? null,
                  email: data.contribution.customerDetails.email ?? null,
                  address: { country: data.contribution.customerDetails.country ?? null },
                }
              : null,
          },
          winnerSelectionDeadline: new Date(data.winnerSelectionDeadline).toISOString(),
          transaction: { payout_preference: data.contribution.payoutPreference },
          session: {
            id: sessionId,
            payment_status: data.contribution.status === "paid" ? "paid" : "unpaid",
          },
        });
      }),
    ),
  });

  http.route({
    pathPrefix: "/server/api/contributions/",
    method: "POST",
    handler: httpAction(
      handle(async (ctx, request) => {
        const [sessionId, action, ...rest] = new URL(request.url).pathname
          .slice("/server/api/contributions/".length)
          .split("/");
        if (!sessionId || rest.length > 0) throw new HttpError(404, "Not found");
        if (action === "record") {
          // The session's state comes from Stripe, never from the request body.
          const status = await ctx.runAction(api.contributions.reconcile, { sessionId });
          return json({ status });
        }
        if (action === "payout") {
          const caller = await requireCaller(ctx);
          const body = await parseBody(
            request,
            z.object({
              payoutMethod: z.enum(["customer_choice", "peoples_choice"]),
              userId: z.string().nullable().optional(),
            }),
          );
          requireSelf(request, caller, body.userId);
          await ctx.runMutation(api.contributions.setPayoutPreference, {
            sessionId,
            preference: body.payoutMethod,
          });
          return json({ payout_preference: body.payoutMethod });
        }
        throw new HttpError(404, "Not found");
      }),
    ),
  });

  http.route({
    path: "/server/api/profile/proposals",
    method: "GET",
    handler: httpAction(
      handle(async (ctx, request) => {
        const caller = await requireCaller(ctx);
        requireSelf(request, caller);
        const ideas = await ctx.runQuery(api.contributions.myBounties, {});
        return json(
          ideas.map((idea) => ({
            id: idea._id,
            title: idea.title,
            submissionCount: idea.submissionCount,
            votes: idea.votes,
            bountyAmount: centsToDollars(idea.totalCents),
          })),
        );
      }),
    ),
  });

  http.route({
    path: "/server/api/profile/contributions",
    method: "GET",
    handler: httpAction(
      handle(async (ctx, request) => {
        const caller = await requireCaller(ctx);
        requireSelf(request, caller);
        const ids = (new URL(request.url).searchParams.get("proposalIds") ?? "")
          .split(",")
          .filter(Boolean);
        return json(
          await ctx.runQuery(internal.contributions.myContributions, {
            userId: caller,
            proposalIds: ids,
          }),
        );
      }),
    ),
  });
}
