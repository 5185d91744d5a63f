// REST routes for ideas, votes and stats (spec §7): parse, name the caller from the token, call
// the internal twins of ideas.ts, answer in the shapes of rest/shapes.ts.
import { z } from "zod";
import { ConvexError } from "convex/values";
import { internal } from "../_generated/api";
import type { ActionCtx } from "../_generated/server";
import type { ListView, Sort } from "../model/ideas";
import { IDEA_PLATFORMS, DURATIONS, VOTES } from "../model/validators";
import { linksIn } from "../model/ideaText";
import type { RestApp } from "./app";
import { callerId, HttpError, json, parseBody, requireCaller, requireSelf } from "./respond";
import { notFound } from "./ids";
import {
  restBounty,
  restIdeaVote,
  restPlatform,
  restIdea,
  restIdeaDetail,
  restSubmission,
} from "./shapes";

// A Map, so that `?param=__proto__` (or `constructor`) finds nothing rather than Object's own.
const SORT_BY_PARAM = new Map<string, Sort>([
  ["recent", "recent"],
  ["popular", "popular"],
  ["payout", "payout"],
  ["expiring", "expiring"],
  ["expiring soon", "expiring"],
]);

/** Which list a page shows: open bounties, all of them, or completed ones. */
export function viewForPath(path: string | null): ListView {
  if (path === "/discover" || path === "/search") return "all";
  if (path === "/completed") return "completed";
  return "open";
}

const submitBody = z.object({
  oneLiner: z.string().max(10_000),
  description: z.string().max(50_000).optional(),
  // Issue 29's brief ("What should the video show?"); its own rules are the server's.
  brief: z.string().max(50_000).nullable().optional(),
  links: z.array(z.string().max(10_000)).max(100).optional(),
  platform: z.enum(IDEA_PLATFORMS).nullable().optional(),
  userId: z.string().nullable().optional(),
  expiration: z.string().max(100),
  selectedDurations: z.array(z.enum(DURATIONS)).max(3),
});

const voteBody = z.object({
  proposalId: z.string().max(100),
  vote: z.literal(VOTES),
  userId: z.string().nullable().optional(),
});

export function ideaRoutes(app: RestApp) {
  app.get("/server/api/proposals", async (c) => {
    const url = new URL(c.req.url);
    const caller = await callerId(c.env);
    const claimed = url.searchParams.get("userId");
    if (claimed && claimed !== caller) throw new HttpError(403, "You can only see your own votes.");
    const sort = SORT_BY_PARAM.get((url.searchParams.get("param") ?? "recent").toLowerCase());
    if (!sort)
      throw new HttpError(400, "Unknown sort: use Recent, Popular, Payout or Expiring Soon.");
    const limit = Math.min(
      Math.max(Math.floor(Number(url.searchParams.get("limit") ?? 20)) || 20, 1),
      100,
    );
    const cursor = url.searchParams.get("cursor") || null;
    const result = await c.env
      .runQuery(internal.ideas.listFor, {
        viewerId: caller,
        view: viewForPath(url.searchParams.get("path")),
        sort,
        search: url.searchParams.get("query") ?? undefined,
        paginationOpts: { numItems: limit, cursor },
      })
      .catch((e: unknown) => {
        // A cursor that is not one of ours (made up, or from another list) is the caller's error.
        if (cursor !== null && !(e instanceof ConvexError))
          throw new HttpError(400, "Invalid cursor.");
        throw e;
      });
    const response = json(result.page.map(restIdea));
    if (!result.isDone) response.headers.set("X-Next-Cursor", result.continueCursor);
    return response;
  });

  app.post("/server/api/proposals/submit", async (c) => {
    const caller = await requireCaller(c.env);
    const body = await parseBody(c.req.raw, submitBody);
    requireSelf(c.req.raw, caller, body.userId);
    const expiration = Date.parse(body.expiration);
    const id = await c.env.runMutation(internal.ideas.createAs, {
      userId: caller,
      oneLiner: body.oneLiner,
      platform: body.platform ?? null,
      durations: body.selectedDurations,
      expiration: Number.isNaN(expiration) ? 0 : expiration,
      links: body.links ?? linksIn(body.description ?? ""),
      brief: body.brief ?? undefined,
    });
    return json({ proposal: { id } }, 201);
  });

  app.post("/server/api/proposals/vote", async (c) => {
    const caller = await requireCaller(c.env);
    const body = await parseBody(c.req.raw, voteBody);
    requireSelf(c.req.raw, caller, body.userId);
    const idea = await c.env.runQuery(internal.ideas.getFor, {
      ideaId: body.proposalId,
      viewerId: caller,
    });
    if (idea === null) return await notFound(c.env, "proposals", body.proposalId);
    const votes = await c.env.runMutation(internal.ideas.voteAs, {
      userId: caller,
      ideaId: idea._id,
      vote: body.vote,
    });
    return json(restIdeaVote(votes, body.vote));
  });

  const idea = async (env: Pick<ActionCtx, "auth" | "runQuery">, id: string) => {
    const card = await env.runQuery(internal.ideas.getFor, {
      ideaId: id,
      viewerId: await callerId(env),
    });
    if (card === null) return await notFound(env, "proposals", id);
    return card;
  };
  app.get("/server/api/proposals/:id", async (c) =>
    json(restIdeaDetail(await idea(c.env, c.req.param("id")))),
  );
  app.get("/server/api/proposals/:id/bounty", async (c) =>
    json(restBounty(await idea(c.env, c.req.param("id")))),
  );
  app.get("/server/api/proposals/:id/platform", async (c) =>
    json(restPlatform(await idea(c.env, c.req.param("id")))),
  );
  app.get("/server/api/proposals/:id/submissions", async (c) => {
    const card = await idea(c.env, c.req.param("id"));
    const list = await c.env.runQuery(internal.submissions.listFor, {
      ideaId: card._id,
      viewerId: await callerId(c.env),
    });
    return json(list.map(restSubmission));
  });

  app.get("/server/api/stats", async (c) => json(await c.env.runQuery(internal.stats.read, {})));
}
