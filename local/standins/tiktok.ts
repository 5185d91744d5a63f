// TikTok stand-in: www.tiktok.com under /tiktok/www (Login Kit's authorize page, oEmbed) and
// open.tiktokapis.com under /tiktok/open (OAuth tokens, Display API: user info, video list and
// video query), with a few sample people and their videos. A studio page and a control API
// (/__control/tiktok/) post new videos.
import { json, StandIn, Store, type RouteRequest, type StandInContext } from "./framework.js";
import {
  canonicalUrl,
  newPerson,
  openIdFor,
  SAMPLE_PEOPLE,
  shortCodeFor,
  shortUrl,
  USERNAME,
  videoIdFor,
  type Grant,
  type Person,
  type TikTokState,
  type TikTokVideo,
} from "./tiktok/data.js";
import { avatarSvg, coverSvg } from "./tiktok/media.js";
import { tiktokOAuth } from "./tiktok/oauth.js";
import {
  apiError,
  ok,
  oembed,
  oembedNotFound,
  parseFields,
  parseVideoLink,
  USER_FIELD_SCOPES,
  userObject,
  videoObject,
} from "./tiktok/resources.js";
import { studioPage } from "./tiktok/studio.js";

export interface NewTikTokInput {
  username?: unknown;
  displayName?: unknown;
  title?: unknown;
  description?: unknown;
  durationSeconds?: unknown;
  private?: unknown;
  createTime?: unknown;
}

const emptyState = (): TikTokState => ({
  people: {},
  videos: {},
  codes: {},
  accessTokens: {},
  refreshTokens: {},
});

/** Unix seconds (number or digits), or any date string; now when absent. */
function parseCreateTime(value: unknown): number | null {
  if (value === undefined || value === null || value === "") return Date.now();
  if (typeof value === "number" || /^\d+$/.test(String(value))) return Number(value) * 1000;
  const time = new Date(String(value)).getTime();
  return Number.isNaN(time) ? null : time;
}

export function tiktokStandIn(ctx: StandInContext & { dataDir: string }): StandIn {
  const store = new Store<TikTokState>(ctx.dataDir, "tiktok", emptyState);
  const clientKey = ctx.env.TIKTOK_CLIENT_KEY ?? "";

  const videosOf = (person: Person) =>
    Object.values(store.data.videos)
      .filter((v) => v.username === person.username)
      .sort((a, b) => b.createTimeMs - a.createTimeMs);
  const publicVideosOf = (person: Person) => videosOf(person).filter((v) => !v.private);

  /** The person with this username, created with sample videos on first sight. */
  function personFor(fields: { username: string; displayName?: string; email?: string }): Person {
    const existing = store.data.people[fields.username];
    if (existing) {
      if (fields.displayName) existing.displayName = fields.displayName;
      if (fields.email) existing.email = fields.email;
      store.changed();
      return existing;
    }
    const { person, videos } = newPerson({
      username: fields.username,
      displayName: fields.displayName ?? fields.username,
      email: fields.email,
    });
    store.data.people[person.username] = person;
    for (const video of videos) store.data.videos[video.id] ??= video;
    store.changed();
    return person;
  }
  if (Object.keys(store.data.people).length === 0) SAMPLE_PEOPLE.forEach(personFor);

  const oauth = tiktokOAuth(ctx, store, personFor);

  /** The caller's grant and person, if the token is valid and has the scope. */
  function authorize(
    req: RouteRequest,
    scope: string,
  ): { grant: Grant; person: Person } | Response {
    const grant = oauth.grantFor(req);
    const person = grant && store.data.people[grant.username];
    if (!grant || !person) return apiError("access_token_invalid");
    if (!grant.scopes.includes(scope)) return apiError("scope_not_authorized");
    return { grant, person };
  }

  function readJson<T>(req: RouteRequest): T | Response {
    try {
      return (req.json<T>() ?? {}) as T;
    } catch {
      return apiError("invalid_params", "The request body must be JSON.");
    }
  }

  function userInfo(req: RouteRequest): Response {
    const auth = authorize(req, "user.info.basic");
    if (auth instanceof Response) return auth;
    const fields = parseFields(req.url);
    if (fields.length === 0) return apiError("invalid_params", "fields is required.");
    // Fields beyond the basics need their own scope (username needs user.info.profile).
    const needs = fields.map((f) => USER_FIELD_SCOPES[f]).filter((s): s is string => !!s);
    if (needs.some((scope) => !auth.grant.scopes.includes(scope))) {
      return apiError("scope_not_authorized");
    }
    const { person } = auth;
    return ok({
      user: userObject(ctx.baseUrl, clientKey, person, publicVideosOf(person).length, fields),
    });
  }

  function videoList(req: RouteRequest): Response {
    const auth = authorize(req, "video.list");
    if (auth instanceof Response) return auth;
    const fields = parseFields(req.url);
    if (fields.length === 0) return apiError("invalid_params", "fields is required.");
    const body = readJson<{ max_count?: unknown; cursor?: unknown }>(req);
    if (body instanceof Response) return body;
    const max = body.max_count ?? 10;
    if (!Number.isInteger(max) || (max as number) < 1 || (max as number) > 20) {
      return apiError("invalid_params", "max_count must be an integer from 1 to 20.");
    }
    // The cursor is a UTC timestamp in ms: the page holds videos posted before it.
    const cursor = Number(body.cursor ?? 0);
    if (!Number.isFinite(cursor)) return apiError("invalid_params", "cursor must be an int64.");
    const remaining = publicVideosOf(auth.person).filter((v) => !cursor || v.createTimeMs < cursor);
    const page = remaining.slice(0, max as number);
    return ok({
      videos: page.map((v) => videoObject(ctx.baseUrl, v, auth.person, fields)),
      cursor: page.at(-1)?.createTimeMs ?? cursor,
      has_more: remaining.length > page.length,
    });
  }

  function videoQuery(req: RouteRequest): Response {
    const auth = authorize(req, "video.list");
    if (auth instanceof Response) return auth;
    const fields = parseFields(req.url);
    if (fields.length === 0) return apiError("invalid_params", "fields is required.");
    const body = readJson<{ filters?: { video_ids?: unknown } }>(req);
    if (body instanceof Response) return body;
    const ids = body.filters?.video_ids;
    if (
      !Array.isArray(ids) ||
      ids.length < 1 ||
      ids.length > 20 ||
      ids.some((id) => typeof id !== "string")
    ) {
      return apiError("invalid_params", "filters.video_ids must list 1 to 20 video ids.");
    }
    // Only the caller's own public videos come back: this is how ownership is proven.
    const videos = publicVideosOf(auth.person).filter((v) => ids.includes(v.id));
    return ok({
      videos: videos.map((v) => videoObject(ctx.baseUrl, v, auth.person, fields)),
      cursor: 0,
      has_more: false,
    });
  }

  function oembedFor({ url }: RouteRequest): Response {
    const link = parseVideoLink(url.searchParams.get("url") ?? "");
    if (!link) return oembedNotFound();
    const video =
      "id" in link
        ? store.data.videos[link.id]
        : Object.values(store.data.videos).find((v) => v.shortCode === link.code);
    const person = video && store.data.people[video.username];
    if (!video || !person || video.private) return oembedNotFound();
    return json(oembed(ctx.baseUrl, video, person));
  }

  /** Posts a video as a person (studio and control API). */
  function addVideo(input: NewTikTokInput): TikTokVideo | string {
    const username = String(input.username ?? "")
      .trim()
      .replace(/^@/, "")
      .toLowerCase();
    if (!USERNAME.test(username))
      return "username must be 2–24 letters, digits, dots or underscores.";
    const title = typeof input.title === "string" ? input.title.trim() : "";
    if (!title || title.length > 150) return "title is required (at most 150 characters).";
    const durationSeconds = Number(input.durationSeconds);
    if (!Number.isInteger(durationSeconds) || durationSeconds < 1 || durationSeconds > 3600) {
      return "durationSeconds must be a whole number of seconds from 1 to 3600.";
    }
    let createTimeMs = parseCreateTime(input.createTime);
    if (createTimeMs === null) return "createTime must be Unix seconds or a date and time.";
    const displayName = typeof input.displayName === "string" ? input.displayName.trim() : "";
    const person = personFor({ username, displayName: displayName || undefined });
    // List cursors are ms timestamps: keep each person's create times distinct.
    const taken = new Set(videosOf(person).map((v) => v.createTimeMs));
    while (taken.has(createTimeMs)) createTimeMs += 1;
    let id: string;
    do id = videoIdFor(username, `added-${++person.added}`);
    while (store.data.videos[id]);
    const video: TikTokVideo = {
      id,
      username,
      title,
      description: typeof input.description === "string" ? input.description : title,
      durationSeconds,
      createTimeMs,
      private: input.private === true || input.private === "true" || input.private === "on",
      shortCode: shortCodeFor(id),
    };
    store.data.videos[id] = video;
    store.changed();
    ctx.log(`tiktok: @${username} posted ${id} "${title}"${video.private ? " (private)" : ""}`);
    return video;
  }

  const people = () =>
    Object.values(store.data.people).sort((a, b) => a.displayName.localeCompare(b.displayName));

  return new StandIn(
    "tiktok",
    "TikTok Login Kit and oEmbed (/tiktok/www), Display API (/tiktok/open), studio (/tiktok/studio)",
  )
    .route("GET", "/tiktok/www/v2/auth/authorize/", ({ url }) => oauth.authorizePage(url))
    .route("POST", "/tiktok/www/v2/auth/authorize/", (req) => oauth.decide(req))
    .route("POST", "/tiktok/open/v2/oauth/token/", (req) => oauth.token(req))
    .route("POST", "/tiktok/open/v2/oauth/revoke/", (req) => oauth.revoke(req))
    .route("GET", "/tiktok/open/v2/user/info/", userInfo)
    .route("POST", "/tiktok/open/v2/video/list/", videoList)
    .route("POST", "/tiktok/open/v2/video/query/", videoQuery)
    .route("GET", "/tiktok/www/oembed", oembedFor)
    .route("GET", "/tiktok/covers/:file", ({ params }) => {
      const video = store.data.videos[params.file!.replace(/\.svg$/, "")];
      return coverSvg(video, video && store.data.people[video.username]);
    })
    .route("GET", "/tiktok/avatars/:file", ({ params }) =>
      avatarSvg(store.data.people[params.file!.replace(/\.svg$/, "")]),
    )
    .route("GET", "/tiktok/studio", () => studioPage(people(), videosOf))
    .route("POST", "/tiktok/studio", ({ form }) => {
      const result = addVideo(Object.fromEntries(form()));
      if (typeof result === "string") {
        return studioPage(people(), videosOf, { ok: false, text: result }, 400);
      }
      return studioPage(people(), videosOf, {
        ok: true,
        text: `Posted "${result.title}" as @${result.username}:`,
        link: canonicalUrl(result),
      });
    })
    .route("POST", "/__control/tiktok/videos", (req) => {
      let input: NewTikTokInput;
      try {
        input = req.json<NewTikTokInput>() ?? {};
      } catch {
        return json({ error: { message: "The body must be JSON." } }, 400);
      }
      const result = addVideo(input);
      if (typeof result === "string") return json({ error: { message: result } }, 400);
      return json({ id: result.id, url: canonicalUrl(result), shortUrl: shortUrl(result) });
    })
    .route("GET", "/__control/tiktok/accounts", () =>
      json({
        accounts: people().map((person) => {
          const videos = videosOf(person);
          return {
            username: person.username,
            displayName: person.displayName,
            email: person.email ?? null,
            openId: openIdFor(clientKey, person.username),
            videoIds: videos.map((v) => v.id),
            videos: videos.map((v) => ({
              id: v.id,
              url: canonicalUrl(v),
              shortUrl: shortUrl(v),
              title: v.title,
              durationSeconds: v.durationSeconds,
              createTime: Math.floor(v.createTimeMs / 1000),
              private: v.private,
            })),
          };
        }),
      }),
    );
}
