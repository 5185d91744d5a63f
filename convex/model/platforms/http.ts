// Calling a platform's API from an action: JSON with a zod schema, errors that say which call
// failed. Provider responses are untrusted input and are always parsed.
import type { z } from "zod";
import { fetchWithin } from "../security/outbound";

export class PlatformError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export async function fetchJson<T extends z.ZodType>(
  what: string,
  url: string,
  schema: T,
  init: RequestInit = {},
): Promise<z.infer<T>> {
  let response: Response;
  let text: string;
  try {
    // Headers and body within the outbound deadline (security/outbound.ts).
    [response, text] = await fetchWithin(url, init, async (r) => [r, await r.text()] as const);
  } catch (e) {
    throw new PlatformError(`${what}: ${(e as Error).message}`);
  }
  if (!response.ok)
    throw new PlatformError(
      `${what} failed with HTTP ${response.status}: ${text.slice(0, 300)}`,
      response.status,
    );
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new PlatformError(`${what} returned something that is not JSON`);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    throw new PlatformError(
      `${what} returned an unexpected response: ${parsed.error.issues[0]?.message ?? ""}`,
    );
  return parsed.data;
}

export function env(name: string, fallback?: string): string {
  const value = process.env[name] ?? fallback;
  if (value === undefined || value === "")
    throw new PlatformError(`The ${name} environment variable is not set`);
  return value;
}

/** A base URL from the environment, without a trailing slash (paths are appended to it). */
export function baseUrl(name: string, fallback?: string): string {
  return env(name, fallback).replace(/\/+$/, "");
}

/** OAuth token responses (Google and TikTok share these fields). */
export interface Tokens {
  accessToken: string;
  refreshToken?: string;
  expiresAt: number;
  scope?: string;
}
