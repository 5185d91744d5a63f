// Signs a person in through Convex Auth and the sign-in stand-in over plain HTTP, the way a
// browser would (authorization code flow with the stand-in's form), and returns a session
// token for ConvexHttpClient. Used by the demo data loader.
import { ConvexHttpClient } from "convex/browser";
import { makeFunctionReference } from "convex/server";

const fn = { signIn: makeFunctionReference<"action">("auth:signIn") };

export interface Person {
  name: string;
  email: string;
}

export async function signInThroughStandIn(
  convexUrl: string,
  person: Person,
  provider: "google" | "discord" = "google",
): Promise<string> {
  const http = new ConvexHttpClient(convexUrl, { logger: false });
  const start = (await http.action(fn.signIn, { provider, params: { redirectTo: "/" } })) as {
    redirect: string;
    verifier: string;
  };
  const toProvider = await fetch(start.redirect, { redirect: "manual" });
  const cookies = toProvider.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
  const authorize = new URL(await redirectOf(toProvider, "the sign-in start"));
  const decided = await fetch(`${authorize.origin}${authorize.pathname}`, {
    method: "POST",
    body: new URLSearchParams({
      query: authorize.search,
      name: person.name,
      email: person.email,
      action: "allow",
    }),
    redirect: "manual",
  });
  const callback = await fetch(await redirectOf(decided, "the provider's consent"), {
    headers: { cookie: cookies },
    redirect: "manual",
  });
  const code = new URL(await redirectOf(callback, "the sign-in callback")).searchParams.get("code");
  if (!code) throw new Error(`Sign-in of ${person.email} failed: no code came back`);
  const done = (await http.action(fn.signIn, {
    provider,
    params: { code },
    verifier: start.verifier,
  })) as {
    tokens: { token: string } | null;
  };
  if (!done.tokens) throw new Error(`Sign-in of ${person.email} failed: the code was refused`);
  return done.tokens.token;
}

/** Where a redirect leads; an answer that is no redirect is an error that says what came. */
async function redirectOf(response: Response, step: string): Promise<string> {
  const location = response.headers.get("location");
  if (location) return location;
  const body = (await response.text()).slice(0, 300);
  throw new Error(`Sign-in: ${step} answered ${response.status} without a redirect: ${body}`);
}

/** A client that acts as the given session. */
export function clientFor(convexUrl: string, token: string): ConvexHttpClient {
  const client = new ConvexHttpClient(convexUrl, { logger: false });
  client.setAuth(token);
  return client;
}
