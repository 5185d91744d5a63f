// The sync protocol's messages, as the server writes them: timestamps, query results and
// the modifications that carry them, and mutation responses (built once, stamped with the
// timestamp of the Transition that covers them).
import type { JSONValue } from "convex/values";
import type { Journal, Outcome } from "../engine/execution.js";
import type { Subscription } from "./subscriptions.js";

/** A client mutation's result, persisted with its commit (answered again after a restart). */
export interface MutationRecord {
  sessionId: string;
  requestId: number;
  result: JSONValue;
}

export type QueryResult =
  | {
      ok: true;
      valueJson: string;
      /** The value's UTF-8 bytes, encoded once for every subscriber it is sent to. */
      valueBytes?: Buffer;
      logLinesJson: string;
      journalJson: string;
    }
  | {
      ok: false;
      errorMessage: string;
      errorDataJson?: string;
      logLinesJson: string;
      journalJson: string;
    };

export type ResponseBuilder = (ts: bigint) => string;

export function encodeTs(ts: bigint): string {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64LE(ts);
  return bytes.toString("base64");
}

export function parseJournal(journal: unknown): Journal | null {
  if (typeof journal !== "string") return null;
  try {
    return JSON.parse(journal) as Journal;
  } catch {
    return null;
  }
}

export function toQueryResult(outcome: Outcome, journal: Journal | null): QueryResult {
  const journalJson = journal ? JSON.stringify(JSON.stringify(journal)) : "null";
  const logLinesJson = JSON.stringify(outcome.logLines);
  if (outcome.ok)
    return { ok: true, valueJson: JSON.stringify(outcome.value), logLinesJson, journalJson };
  return {
    ok: false,
    errorMessage: outcome.errorMessage,
    ...(outcome.errorData !== undefined
      ? { errorDataJson: JSON.stringify(outcome.errorData) }
      : {}),
    logLinesJson,
    journalJson,
  };
}

export function sameResult(a: QueryResult, b: QueryResult) {
  if (a.ok !== b.ok || a.journalJson !== b.journalJson) return false;
  if (a.ok && b.ok) return a.valueJson === b.valueJson;
  if (!a.ok && !b.ok)
    return a.errorMessage === b.errorMessage && a.errorDataJson === b.errorDataJson;
  return false;
}

/**
 * One modification of a Transition: text, or for a large value the parts around the value's
 * bytes, which every subscriber shares (a thousand viewers of a page are sent one encoding).
 */
export type Modification = string | (string | Buffer)[];

/** Values at least this long are sent from their shared bytes. */
const SHARED_BYTES_FROM = 2048;

export function modification(subscription: Subscription): Modification {
  const result = subscription.shared.result!;
  subscription.sent = result;
  if (result.ok) {
    const head = `{"type":"QueryUpdated","queryId":${subscription.queryId},"value":`;
    const tail = `,"logLines":${result.logLinesJson},"journal":${result.journalJson}}`;
    if (result.valueJson.length < SHARED_BYTES_FROM) return head + result.valueJson + tail;
    result.valueBytes ??= Buffer.from(result.valueJson, "utf8");
    return [head, result.valueBytes, tail];
  }
  const errorData =
    result.errorDataJson !== undefined ? `,"errorData":${result.errorDataJson}` : "";
  return `{"type":"QueryFailed","queryId":${subscription.queryId},"errorMessage":${JSON.stringify(result.errorMessage)},"logLines":${result.logLinesJson}${errorData},"journal":${result.journalJson}}`;
}

export function successResponse(
  requestId: number,
  resultJson: string,
  logLines: string[] = [],
): ResponseBuilder {
  const logLinesJson = JSON.stringify(logLines);
  return (ts) =>
    `{"type":"MutationResponse","requestId":${requestId},"success":true,"result":${resultJson},"ts":"${encodeTs(ts)}","logLines":${logLinesJson}}`;
}

export function failureResponse(
  requestId: number,
  outcome: Extract<Outcome, { ok: false }>,
): ResponseBuilder {
  const text = JSON.stringify({
    type: "MutationResponse",
    requestId,
    success: false,
    result: outcome.errorMessage,
    logLines: outcome.logLines,
    ...(outcome.errorData !== undefined ? { errorData: outcome.errorData } : {}),
  });
  return () => text;
}
