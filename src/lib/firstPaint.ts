import { useEffect } from "react";
import { useQuery } from "convex/react";
import {
  getFunctionName,
  type FunctionArgs,
  type FunctionReference,
  type FunctionReturnType,
} from "convex/server";
import { convexToJson, jsonToConvex, type Value } from "convex/values";

/**
 * What index.html's first script asked the Convex HTTP API for before the app's code ran: on an
 * idea's page the idea (`ideas:get`), on /profile the signed-in person (`users:current`, with
 * their stored session token). The first paint shows its heading; the page then shows the same
 * answer while its own live query has not answered yet (the same query, a moment older), so
 * that heading stays in place instead of giving way to a skeleton. Forgotten as soon as the
 * live query answers, so it is never shown in place of a later truth.
 */
interface FirstPaintAnswer {
  path: string | null;
  args: Record<string, Value> | null;
  /** In Convex's JSON format, as the HTTP API answers; undefined until (and unless) it came. */
  value: unknown;
}

declare global {
  interface Window {
    __firstPaint?: FirstPaintAnswer;
  }
}

type Query = FunctionReference<"query">;

/** The first paint's answer to `query(args)`, or undefined when it asked something else. */
export function firstPaintAnswer<Q extends Query>(
  query: Q,
  args: FunctionArgs<Q>,
): FunctionReturnType<Q> | undefined {
  const answer = typeof window === "undefined" ? undefined : window.__firstPaint;
  if (!answer || answer.value === undefined || answer.value === null) return undefined;
  if (answer.path !== getFunctionName(query)) return undefined;
  if (JSON.stringify(answer.args) !== JSON.stringify(convexToJson(args as Value))) return undefined;
  return jsonToConvex(answer.value as Parameters<typeof jsonToConvex>[0]) as FunctionReturnType<Q>;
}

/** Drops the first paint's answer to `query` (its live query has answered, or cannot). */
export function forgetFirstPaint(query: Query): void {
  const answer = typeof window === "undefined" ? undefined : window.__firstPaint;
  if (answer?.path === getFunctionName(query)) answer.value = undefined;
}

/**
 * `useQuery`, answered from the first paint until the live query answers: an idea's page renders
 * the idea the first paint showed at once, and live from its first update.
 */
export function useQueryAfterFirstPaint<Q extends Query>(
  query: Q,
  args: FunctionArgs<Q>,
): FunctionReturnType<Q> | undefined {
  const live = useQuery(query, args);
  const answered = live !== undefined;
  useEffect(() => {
    if (answered) forgetFirstPaint(query);
  }, [answered, query]);
  return answered ? live : firstPaintAnswer(query, args);
}
