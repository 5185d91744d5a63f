// A REST API with Hono, as apps write one: errors thrown by routes (the app's own classes, a
// JSON syntax error from the body parser) become statuses in `onError`.
import { Hono } from "hono";
import { httpActionGeneric, httpRouter } from "convex/server";

class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 404,
    message: string,
  ) {
    super(message);
  }
}

const app = new Hono();
app.get("/api/items/:id", (c) => {
  const id = c.req.param("id");
  if (!/^\d+$/.test(id)) throw new HttpError(400, "id must be a number");
  if (id !== "1") throw new HttpError(404, "no such item");
  return c.json({ id: 1, name: "one" });
});
app.get("/api/secret", (c) => {
  if (!c.req.header("authorization")) throw new HttpError(401, "sign in first");
  return c.json({ secret: true });
});
app.post("/api/echo", async (c) => c.json({ echoed: await c.req.json() }));
app.get("/api/crash", () => {
  throw new Error("unexpected");
});
app.onError((err, c) => {
  if (err instanceof HttpError) return c.json({ error: err.message }, err.status);
  if (err instanceof SyntaxError) return c.json({ error: "malformed JSON" }, 400);
  return c.json({ error: "internal" }, 500);
});
app.notFound((c) => c.json({ error: "no route" }, 404));

const http = httpRouter();
for (const method of ["GET", "POST"] as const)
  http.route({
    pathPrefix: "/api/",
    method,
    handler: httpActionGeneric(async (_ctx, req) => app.fetch(req)),
  });
export default http;
