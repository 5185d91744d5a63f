// An app that is only HTTP actions: no schema, no queries or mutations.
import { httpActionGeneric, httpRouter } from "convex/server";

const http = httpRouter();

http.route({
  path: "/hello",
  method: "GET",
  handler: httpActionGeneric(async (_ctx, request) => {
    const name = new URL(request.url).searchParams.get("name") ?? "world";
    return Response.json({ hello: name });
  }),
});

http.route({
  pathPrefix: "/files/",
  method: "PUT",
  handler: httpActionGeneric(async (_ctx, request) => {
    const body = new Uint8Array(await request.arrayBuffer());
    return new Response(body.byteLength.toString(), { status: 201 });
  }),
});

http.route({
  path: "/broken",
  method: "GET",
  handler: httpActionGeneric(async () => {
    throw new Error("this route always fails");
  }),
});

export default http;
