// People on the running stack, signed in the way a browser signs in (Convex Auth and the sign-in
// stand-in), and the tokens a REST route must refuse: forged, signed out, naming nobody.
import { makeFunctionReference } from "convex/server";
import { SignJWT, generateKeyPair, importPKCS8 } from "jose";
import { clientFor, signInThroughStandIn } from "../../../local/stack/signInClient.js";
import { stack } from "./http.js";

const fn = {
  saveOnboarding: makeFunctionReference<"mutation">("users:saveOnboarding"),
  signOut: makeFunctionReference<"action">("auth:signOut"),
};

export interface Person {
  name: string;
  email: string;
  /** The session token (a JWT) the web app sends as `Authorization: Bearer`. */
  token: string;
  /** Their user id, from the token's subject (`userId|sessionId`). */
  id: string;
}

let count = 0;

/** A new person, signed in through the sign-in stand-in; onboarded unless told otherwise. */
export async function signIn(name: string, options: { onboard?: boolean } = {}): Promise<Person> {
  count += 1;
  const email = `${name.toLowerCase().replace(/\W+/g, ".")}.${process.pid}.${Date.now()}.${count}@example.com`;
  const token = await signInThroughStandIn(stack().convexUrl, { name, email });
  if (options.onboard !== false)
    await clientFor(stack().convexUrl, token).mutation(fn.saveOnboarding, {
      accountType: "Creator",
      preferredPlatform: "Both",
    });
  return { name, email, token, id: subjectOf(token).split("|")[0]! };
}

function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString("utf8")) as Record<
    string,
    unknown
  >;
}

const subjectOf = (token: string) => claimsOf(token).sub as string;

/** A person who signed in and then signed out: their token's session has ended. */
export async function signedOutPerson(name = "Signed Out"): Promise<Person> {
  const person = await signIn(name);
  await clientFor(stack().convexUrl, person.token).action(fn.signOut, {});
  return person;
}

/** The same claims as a real token, signed with a key that is not the deployment's. */
export async function forgedToken(real: string): Promise<string> {
  const { privateKey } = await generateKeyPair("RS256");
  return await new SignJWT(claimsOf(real)).setProtectedHeader({ alg: "RS256" }).sign(privateKey);
}

/** A real token whose signature was tampered with (one character changed). */
export function tamperedToken(real: string): string {
  const [header, payload, signature] = real.split(".") as [string, string, string];
  const flipped = (signature[10] === "A" ? "B" : "A") + signature.slice(11);
  return `${header}.${payload}.${signature.slice(0, 10)}${flipped}`;
}

/** An unsigned token (`alg: none`) claiming to be a real person. */
export function unsignedToken(real: string): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${encode({ alg: "none" })}.${encode(claimsOf(real))}.`;
}

/** A token signed with the deployment's own key whose subject names no user. */
export async function tokenOfNobody(real: string): Promise<string> {
  const key = await importPKCS8(stack().env.JWT_PRIVATE_KEY!, "RS256");
  const claims = claimsOf(real);
  return await new SignJWT({ ...claims, sub: "nobody|nosession" })
    .setProtectedHeader({ alg: "RS256" })
    .sign(key);
}
