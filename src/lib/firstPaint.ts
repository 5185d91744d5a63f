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
 * their stored session token), on /operator whether they are an operator (`operator:isAdmin`),
 * on a confirmation page its contribution (`contributions:bySession`). The first paint shows
 * what it can of it; the page then shows the same answer while its own live query has not
 * answered yet (the same query, a moment older), so the first paint stays in place instead of
 * giving way to a skeleton. Forgotten as soon as the live query answers, so it is never shown
 * in place of a later truth.
 */
interface FirstPaintAnswer {
  path: string | null;
  args: Record<string, Value> | null;
  /** In Convex's JSON format, as the HTTP API answers; undefined until (and unless) it came. */
  value: unknown;
  /** The one action it called for the page (the confirmation page's `contributions:reconcile`). */
  action?: FirstPaintAction | null;
}

/** How an action the first script called ended: its value, or its ConvexError's message. */
export type ActionOutcome = { ok: true; value: unknown } | { ok: false; message: string | null };

interface FirstPaintAction {
  path: string;
  args: Record<string, Value>;
  /** Null when the call never reached the function (the network, the session): ask again. */
  outcome: Promise<ActionOutcome | null>;
  /** The outcome once it came. */
  settled: ActionOutcome | null | undefined;
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
  if (!answer || answer.value === undefined) return undefined;
  if (!askedFor(answer, query, args)) return undefined;
  return jsonToConvex(answer.value as Parameters<typeof jsonToConvex>[0]) as FunctionReturnType<Q>;
}

function askedFor(
  asked: { path: string | null; args: Record<string, Value> | null },
  fn: FunctionReference<"query" | "action">,
  args: Record<string, unknown>,
): boolean {
  return (
    asked.path === getFunctionName(fn) &&
    JSON.stringify(asked.args) === JSON.stringify(convexToJson(args as Value))
  );
}

/**
 * The first script's call of `action(args)`: its outcome if it has come, and the promise of it.
 * Null when it called something else, or the page has taken it over already.
 */
export function firstPaintAction<A extends FunctionReference<"action">>(
  action: A,
  args: FunctionArgs<A>,
): Pick<FirstPaintAction, "outcome" | "settled"> | null {
  const called = typeof window === "undefined" ? undefined : window.__firstPaint?.action;
  if (!called || !askedFor(called, action, args)) return null;
  return { outcome: called.outcome, settled: called.settled };
}

/** `firstPaintAction`, handed over once: the page does not call the action a second time. */
export function takeFirstPaintAction<A extends FunctionReference<"action">>(
  action: A,
  args: FunctionArgs<A>,
): Pick<FirstPaintAction, "outcome" | "settled"> | null {
  const called = firstPaintAction(action, args);
  if (called) window.__firstPaint!.action = null;
  return called;
}

/** Drops the first paint's answer to `query` (its live query has answered, or cannot). */
export function forgetFirstPaint(query: Query): void {
  const answer = typeof window === "undefined" ? undefined : window.__firstPaint;
  if (answer?.path === getFunctionName(query)) answer.value = undefined;
}

/**
 * `useQuery`, answered from the first paint until the live query answers: an idea's page renders
 * the idea the first paint showed at once, and live from its first update. `shown` limits which
 * first-paint answers may stand in (the others wait for the live one).
 */
export function useQueryAfterFirstPaint<Q extends Query>(
  query: Q,
  args: FunctionArgs<Q>,
  shown: (answer: FunctionReturnType<Q>) => boolean = () => true,
): FunctionReturnType<Q> | undefined {
  const live = useQuery(query, args);
  const answered = live !== undefined;
  useEffect(() => {
    if (answered) forgetFirstPaint(query);
  }, [answered, query]);
  if (answered) return live;
  const early = firstPaintAnswer(query, args);
  return early !== undefined && shown(early) ? early : undefined;
}
