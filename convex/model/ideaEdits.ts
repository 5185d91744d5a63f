// A poster edits their idea (product rules "Running an idea"): the brief and the supporting links
// while it is open; the title, platform and allowed lengths only until anyone has contributed or
// submitted (creators and backers committed to what they read). Every edit is kept — what each
// field was before and after — so the idea page shows "edited" with the full history, and the
// creators who submitted a video are told (model/notifyPoster.ts).
import type { PaginationOptions, PaginationResult } from "convex/server";
import { ConvexError, v, type Infer } from "convex/values";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { checkIdeaContent, checkPublicText } from "./contentFilter";
import {
  BRIEF_MAX_LENGTH,
  describeLinks,
  isHttpUrl,
  LINK_MAX_LENGTH,
  MAX_LINKS,
  TITLE_MAX_LENGTH,
  visibleParagraphs,
  visibleText,
} from "./ideaText";
import { MESSAGES } from "./ideaValidation";
import { ideaEditFieldsValidator, type IdeaEditFields } from "./ideaEditFields";
import { DURATIONS, IDEA_PLATFORMS } from "./validators";
import { searchTextOf } from "./ideas";
import { totalsOf } from "./money/ledger";
import { notifyIdeaEdited } from "./notifyPoster";

export const EDIT_MESSAGES = {
  notPoster: "Only the idea's poster can edit it.",
  notOpen: "An idea can be edited only while it is open.",
  fixed:
    "The title, platform and lengths are fixed once anyone has contributed or submitted a video.",
  nothing: "Nothing changed.",
  noIdea: "This idea no longer exists.",
} as const;

/** What an edit asks for: any of the fields, as typed. */
export interface IdeaEditInput {
  brief?: string;
  links?: string[];
  title?: string;
  platform?: string;
  durations?: string[];
}

/** Whether the title, platform and lengths are fixed: someone contributed or submitted. */
export function coreFieldsFixed(idea: Doc<"proposals">): boolean {
  return (
    idea.submissionCount > 0 || (idea.backerCount ?? 0) > 0 || totalsOf(idea).contributedCents > 0
  );
}

const fail = (message: string): never => {
  throw new ConvexError({ message });
};

/** The edit's fields, cleaned and checked like a new idea's (spec §5; product rules "Ideas"). */
function cleaned(input: IdeaEditInput): IdeaEditFields {
  const out: IdeaEditFields = {};
  if (input.title !== undefined) {
    const title = visibleText(input.title);
    if (title === "") fail(MESSAGES.idea);
    if (title.length > TITLE_MAX_LENGTH) fail(MESSAGES.ideaTooLong);
    if (!checkIdeaContent({ oneLiner: title, links: [] })) fail(MESSAGES.content);
    out.title = title;
  }
  if (input.platform !== undefined) {
    const platform = IDEA_PLATFORMS.find((p) => p === input.platform);
    if (!platform) return fail(MESSAGES.platform);
    out.platform = platform;
  }
  if (input.durations !== undefined) {
    const durations = DURATIONS.filter((d) => input.durations!.includes(d));
    if (durations.length === 0) fail(MESSAGES.duration);
    out.durations = durations;
  }
  if (input.links !== undefined) {
    const links = input.links.map((link) => link.trim()).filter((link) => link !== "");
    if (links.length > MAX_LINKS) fail(MESSAGES.tooManyLinks);
    if (links.some((link) => link.length > LINK_MAX_LENGTH)) fail(MESSAGES.linkTooLong);
    if (!links.every(isHttpUrl)) fail(MESSAGES.linkScheme);
    if (!checkIdeaContent({ oneLiner: "", links })) fail(MESSAGES.content);
    out.links = links;
  }
  if (input.brief !== undefined) {
    const brief = visibleParagraphs(input.brief.slice(0, BRIEF_MAX_LENGTH * 4));
    if (brief.length > BRIEF_MAX_LENGTH) fail(MESSAGES.briefTooLong);
    if (!checkPublicText(brief)) fail(MESSAGES.briefContent);
    out.brief = brief;
  }
  return out;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Applies a poster's edit; returns the edit's id. Throws the first problem's message. */
export async function editIdea(
  ctx: MutationCtx,
  userId: Id<"users">,
  ideaId: Id<"proposals">,
  input: IdeaEditInput,
  now: number,
): Promise<Id<"ideaEdits">> {
  const idea = await ctx.db.get("proposals", ideaId);
  if (idea === null) return fail(EDIT_MESSAGES.noIdea);
  if (idea.authorId !== userId) fail(EDIT_MESSAGES.notPoster);
  if (idea.status !== "open" || idea.expiration <= now) fail(EDIT_MESSAGES.notOpen);
  const wanted = cleaned(input);
  const current: Required<IdeaEditFields> = {
    brief: idea.brief ?? "",
    links: idea.links,
    title: idea.title,
    platform: idea.platform,
    durations: idea.durations,
  };
  const before: IdeaEditFields = {};
  const after: IdeaEditFields = {};
  for (const key of Object.keys(wanted) as (keyof IdeaEditFields)[]) {
    if (same(wanted[key], current[key])) continue;
    Object.assign(before, { [key]: current[key] });
    Object.assign(after, { [key]: wanted[key] });
  }
  if (Object.keys(after).length === 0) fail(EDIT_MESSAGES.nothing);
  const core = after.title !== undefined || after.platform !== undefined || after.durations;
  if (core && coreFieldsFixed(idea)) fail(EDIT_MESSAGES.fixed);
  const next = { ...current, ...after };
  const editId = await ctx.db.insert("ideaEdits", { ideaId, editorId: userId, before, after });
  await ctx.db.patch("proposals", ideaId, {
    title: next.title,
    platform: next.platform,
    durations: next.durations,
    links: next.links,
    description: describeLinks(next.links),
    brief: next.brief === "" ? undefined : next.brief,
    searchText: searchTextOf({
      title: next.title,
      description: describeLinks(next.links),
      brief: next.brief,
    }),
    editedAt: now,
  });
  await notifyIdeaEdited(ctx, editId);
  return editId;
}

export const ideaEditViewValidator = v.object({
  _id: v.id("ideaEdits"),
  at: v.number(),
  before: ideaEditFieldsValidator,
  after: ideaEditFieldsValidator,
});
export type IdeaEditView = Infer<typeof ideaEditViewValidator>;

/** An idea's edits, newest first, a page at a time. */
export async function editsPage(
  ctx: QueryCtx,
  ideaId: Id<"proposals">,
  paginationOpts: PaginationOptions,
): Promise<PaginationResult<IdeaEditView>> {
  const result = await ctx.db
    .query("ideaEdits")
    .withIndex("by_idea", (q) => q.eq("ideaId", ideaId))
    .order("desc")
    .paginate(paginationOpts);
  return {
    ...result,
    page: result.page.map((e) => ({
      _id: e._id,
      at: e._creationTime,
      before: e.before,
      after: e.after,
    })),
  };
}
