// REST routes for ideas, votes and stats (spec §7), in the spec's shapes.
import { z } from "zod";
import { httpAction } from "../_generated/server";
import { api } from "../_generated/api";
import type { CorsHttpRouter } from "convex-helpers/server/cors";
import {
  callerId,
  handle,
  HttpError,
  json,
  parseBody,
  requireCaller,
  requireSelf,
} from "./respond";
import { centsToDollars } from "../model/labels";
import type { ListView, ProposalCard, Sort } from "../model/proposals";
import { submissionCard } from "./submissions";

const SORT_BY_PARAM: Record<string, Sort> = {
  recent: "recent",
  popular: "popular",
  payout: "payout",
  expiring: "expiring",
  "expiring soon": "expiring",
};

/** Which list a page shows: open bounties, all of them, or completed ones. */
export function viewForPath(path: string | null): ListView {
  if (path === "/discover" || path === "/search") return "all";
  if (path === "/completed") return "completed";
  return "open";
}

/** An idea in the spec's REST shape (§3 "Proposal"). */
export function restProposal(card: ProposalCard) {
  return {
    id: card._id,
    title: card.title,
    description: card.description,
    platform: card.platform,
    duration: card.durations.join(","),
    expiration: new Date(card.expiration).toISOString(),
    bountyAmount: centsToDollars(card.bountyCents),
    submissionCount: card.submissionCount,
    votes: card.votes,
    userVote: card.userVote,
  };
}

const submitBody = z.object({
  oneLiner: z.string().max(10_000),
  description: z.string().max(50_000).optional(),
  links: z.array(z.string().max(10_000)).max(100).optional(),
  platform: z.enum(["YouTube", "TikTok", "Any"]).nullable().optional(),
  userId: z.string().nullable().optional(),
  expiration: z.string().max(100),
  selectedDurations: z.array(z.enum(["SHORT", "MEDIUM", "LONG"])).max(3),
});

const voteBody = z.object({
  proposalId: z.string().max(100),
  vote: z.union([z.literal(1), z.literal(-1), z.literal(0)]),
  userId: z.string().nullable().optional(),
});

const URL_PATTERN = /https?:\/\/[^\s]+/g;

export function registerProposalRoutes(http: CorsHttpRouter) {
  http.route({
    path: "/server/api/proposals",
    method: "GET",
    handler: httpAction(
      handle(async (ctx, request) => {
        const url = new URL(request.url);
        const caller = await callerId(ctx);
        const claimed = url.searchParams.get("userId");
        if (claimed && claimed !== caller)
          throw new HttpError(403, "You can only see your own votes.");
        const sort = SORT_BY_PARAM[(url.searchParams.get("param") ?? "recent").toLowerCase()];
        if (!sort)
          throw new HttpError(400, "Unknown sort: use Recent, Popular, Payout or Expiring Soon.");
        const limit = Math.min(Math.max(Number(url.searchParams.get("limit") ?? 20) || 20, 1), 100);
        const result = await ctx.runQuery(api.proposals.list, {
          view: viewForPath(url.searchParams.get("path")),
          sort,
          search: url.searchParams.get("query") ?? undefined,
          paginationOpts: { numItems: limit, cursor: url.searchParams.get("cursor") },
        });
        const response = json(result.page.map(restProposal));
        if (!result.isDone) response.headers.set("X-Next-Cursor", result.continueCursor);
        return response;
      }),
    ),
  });

  http.route({
    path: "/server/api/proposals/submit",
    method: "POST",
    handler: httpAction(
      handle(async (ctx, request) => {
        const caller = await requireCaller(ctx);
        const body = await parseBody(request, submitBody);
        requireSelf(request, caller, body.userId);
        const expiration = Date.parse(body.expiration);
        const links = body.links ?? body.description?.match(URL_PATTERN) ?? [];
        const id = await ctx.runMutation(api.proposals.create, {
          oneLiner: body.oneLiner,
          platform: body.platform ?? null,
          durations: body.selectedDurations,
          expiration: Number.isNaN(expiration) ? 0 : expiration,
          links,
        });
        return json({ proposal: { id } }, 201);
      }),
    ),
  });

  http.route({
    path: "/server/api/proposals/vote",
    method: "POST",
    handler: httpAction(
      handle(async (ctx, request) => {
        const caller = await requireCaller(ctx);
        const body = await parseBody(request, voteBody);
        requireSelf(request, caller, body.userId);
        const proposal = await ctx.runQuery(api.proposals.get, { proposalId: body.proposalId });
        if (proposal === null) throw new HttpError(404, "Proposal not found");
        const votes = await ctx.runMutation(api.proposals.vote, {
          proposalId: proposal._id,
          vote: body.vote,
        });
        return json({ votes, userVote: body.vote });
      }),
    ),
  });

  http.route({
    pathPrefix: "/server/api/proposals/",
    method: "GET",
    handler: httpAction(
      handle(async (ctx, request) => {
        const [id, detail, ...rest] = new URL(request.url).pathname
          .slice("/server/api/proposals/".length)
          .split("/");
        if (!id || rest.length > 0) throw new HttpError(404, "Not found");
        const card = await ctx.runQuery(api.proposals.get, { proposalId: id });
        if (card === null) throw new HttpError(404, "Proposal not found");
        switch (detail) {
          case undefined:
          case "": {
            const { title, description, expiration, platform, duration } = restProposal(card);
            return json({ id: card._id, title, description, expiration, platform, duration });
          }
          case "bounty":
            return json({ total: centsToDollars(card.bountyCents) });
          case "platform":
            return json({ platform: card.platform });
          case "submissions": {
            const list = await ctx.runQuery(api.submissions.listForProposal, {
              proposalId: card._id,
            });
            return json(list.map(submissionCard));
          }
          default:
            throw new HttpError(404, "Not found");
        }
      }),
    ),
  });

  http.route({
    path: "/server/api/stats",
    method: "GET",
    handler: httpAction(handle(async (ctx) => json(await ctx.runQuery(api.stats.get, {})))),
  });
}
