// Calls to the running stack's HTTP actions, as any REST client makes them, and the checks every
// answer shares: the exact status, and for a refusal the spec's `{ error }` JSON.
import { expect, inject } from "vitest";
import type { z } from "zod";

export const stack = () => inject("stack");

export interface CallOptions {
  /** `Authorization: Bearer <token>`; omitted when undefined. */
  token?: string;
  /** An object is sent as JSON; a string or bytes as they are. */
  body?: unknown;
  headers?: Record<string, string>;
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** The body parsed as JSON; undefined when it is not JSON. */
  json: unknown;
}

export async function call(method: string, path: string, options: CallOptions = {}) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== undefined) headers.Authorization = `Bearer ${options.token}`;
  let body: BodyInit | undefined;
  if (typeof options.body === "string" || options.body instanceof Uint8Array) {
    body = options.body as BodyInit;
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["Content-Type"] ??= "application/json";
  }
  const response = await fetch(`${stack().siteUrl}${path}`, {
    method,
    headers,
    body,
    redirect: "manual",
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json } satisfies Answer;
}

/** Describes an answer in a failed assertion: what came back, not only its status. */
const seen = (answer: Answer) => `${answer.status} ${answer.text.slice(0, 300)}`;

/** The answer has this status and a body of this shape; returns the parsed body. */
export function expectOk<T extends z.ZodType>(answer: Answer, status: number, shape: T) {
  expect(seen(answer)).toBe(seen({ ...answer, status }));
  const parsed = shape.safeParse(answer.json);
  if (!parsed.success)
    expect.fail(`${parsed.error.message}\nin the body ${answer.text.slice(0, 500)}`);
  return parsed.data as z.infer<T>;
}

/** A refusal: this status and `{ error: "<a sentence>" }` (optionally exactly this sentence). */
export function expectError(answer: Answer, status: number, message?: string | RegExp) {
  expect(seen(answer)).toBe(seen({ ...answer, status }));
  expect(answer.headers.get("content-type") ?? "").toMatch(/^application\/json/);
  const body = answer.json as { error?: unknown };
  expect(Object.keys(body ?? {})).toEqual(["error"]);
  expect(typeof body.error).toBe("string");
  expect((body.error as string).length).toBeGreaterThan(0);
  if (typeof message === "string") expect(body.error).toBe(message);
  else if (message) expect(body.error).toMatch(message);
  return body.error as string;
}
