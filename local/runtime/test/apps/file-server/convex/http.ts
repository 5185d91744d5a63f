import { httpActionGeneric, httpRouter } from "convex/server";

const http = httpRouter();

http.route({
  pathPrefix: "/download/",
  method: "GET",
  handler: httpActionGeneric(async (ctx, request) => {
    const id = new URL(request.url).pathname.slice("/download/".length);
    const blob = await ctx.storage.get(id).catch(() => null);
    if (!blob) return new Response("no such file", { status: 404 });
    return new Response(blob, { headers: { "Content-Type": blob.type } });
  }),
});

export default http;
