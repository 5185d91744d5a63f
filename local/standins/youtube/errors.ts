// Google's error envelope and the YouTube Data API errors the stand-in answers, with the real
// API's codes, reasons and messages, and `part` parsing (whose mistakes are such errors).
import { json } from "../framework.js";

/** Google's error envelope. */
export function googleError(
  code: number,
  status: string,
  message: string,
  error: {
    message?: string;
    domain: string;
    reason: string;
    location?: string;
    locationType?: string;
  },
  headers: Record<string, string> = {},
): Response {
  return json(
    { error: { code, message, errors: [{ message: error.message ?? message, ...error }], status } },
    code,
    headers,
  );
}

export const errors = {
  badToken: () =>
    googleError(
      401,
      "UNAUTHENTICATED",
      "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.",
      {
        message: "Invalid Credentials",
        domain: "global",
        reason: "authError",
        location: "Authorization",
        locationType: "header",
      },
      { "WWW-Authenticate": 'Bearer realm="https://accounts.google.com/", error="invalid_token"' },
    ),
  loginRequired: () =>
    googleError(
      401,
      "UNAUTHENTICATED",
      "Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.",
      {
        message: "Login Required.",
        domain: "global",
        reason: "required",
        location: "Authorization",
        locationType: "header",
      },
    ),
  insufficientScope: () =>
    googleError(403, "PERMISSION_DENIED", "Request had insufficient authentication scopes.", {
      message: "Insufficient Permission",
      domain: "global",
      reason: "insufficientPermissions",
    }),
  keyInvalid: () =>
    googleError(400, "INVALID_ARGUMENT", "API key not valid. Please pass a valid API key.", {
      domain: "usageLimits",
      reason: "keyInvalid",
    }),
  keyMissing: () =>
    googleError(403, "PERMISSION_DENIED", "The request is missing a valid API key.", {
      domain: "global",
      reason: "forbidden",
    }),
  required: (parameter: string) =>
    googleError(400, "INVALID_ARGUMENT", `Required parameter: ${parameter}`, {
      domain: "global",
      reason: "required",
      location: parameter,
      locationType: "parameter",
    }),
  unknownPart: (part: string) =>
    googleError(400, "INVALID_ARGUMENT", `'${part}'`, {
      domain: "youtube.part",
      reason: "unknownPart",
      location: "part",
      locationType: "parameter",
    }),
  noFilter: (expected: string) =>
    googleError(400, "INVALID_ARGUMENT", `No filter selected. Expected one of: ${expected}`, {
      domain: "youtube.parameter",
      reason: "missingRequiredParameter",
      location: "parameters.",
      locationType: "other",
    }),
  invalidValue: (parameter: string, message: string) =>
    googleError(400, "INVALID_ARGUMENT", message, {
      domain: "youtube.parameter",
      reason: "invalidParameter",
      location: parameter,
      locationType: "parameter",
    }),
  invalidPageToken: () =>
    googleError(400, "INVALID_ARGUMENT", "The request specifies an invalid page token.", {
      domain: "youtube.parameter",
      reason: "invalidPageToken",
      location: "pageToken",
      locationType: "parameter",
    }),
  playlistNotFound: () =>
    googleError(
      404,
      "NOT_FOUND",
      "The playlist identified with the request's <code>playlistId</code> parameter cannot be found.",
      {
        domain: "youtube.playlistItem",
        reason: "playlistNotFound",
        location: "playlistId",
        locationType: "parameter",
      },
    ),
};

/** Parses `part`, answering the real API's errors for a missing or unknown part. */
export function parseParts(url: URL, known: string[]): Set<string> | Response {
  const value = url.searchParams.get("part");
  if (!value) return errors.required("part");
  const parts = value.split(",").map((part) => part.trim());
  const unknown = parts.find((part) => !known.includes(part));
  return unknown !== undefined ? errors.unknownPart(unknown) : new Set(parts);
}
