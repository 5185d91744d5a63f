// @vitest-environment jsdom
// The React client against the runtime: usePaginatedQuery never drops or repeats a row while
// others write, and optimistic updates give way to the server's value without double counting.
import { afterAll, beforeAll, expect, test } from "vitest";
import { act, renderHook, waitFor } from "@testing-library/react";
import { createElement, type ReactNode } from "react";
import WebSocket from "ws";
import { ConvexProvider, ConvexReactClient, usePaginatedQuery } from "convex/react";
import { ConvexHttpClient } from "convex/browser";
import { api, fixtureCopy, startRuntime, type RuntimeProcess } from "./harness.js";

let runtime: RuntimeProcess;
let copy: ReturnType<typeof fixtureCopy>;
let client: ConvexReactClient;

beforeAll(async () => {
  copy = fixtureCopy();
  runtime = await startRuntime(copy);
  client = new ConvexReactClient(runtime.url, {
    webSocketConstructor: WebSocket as never,
    unsavedChangesWarning: false,
  });
});

afterAll(async () => {
  await client?.close();
  await runtime?.stop();
  copy?.cleanup();
});

test("usePaginatedQuery keeps every row exactly once while others insert", async () => {
  const writer = new ConvexHttpClient(runtime.url);
  for (let i = 0; i < 6; i++) await writer.mutation(api.messages.send, { body: `seed ${i}` });
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(ConvexProvider, { client }, children);
  const { result } = renderHook(
    () => usePaginatedQuery(api.messages.page, {}, { initialNumItems: 3 }),
    { wrapper },
  );
  await waitFor(() => expect(result.current.results).toHaveLength(3), { timeout: 5000 });

  await writer.mutation(api.messages.send, { body: "while on page one" });
  await waitFor(() => expect(result.current.results[0]?.body).toBe("while on page one"), {
    timeout: 5000,
  });
  expect(result.current.results).toHaveLength(4);

  act(() => result.current.loadMore(3));
  await writer.mutation(api.messages.send, { body: "during load more" });
  await waitFor(() => expect(result.current.results).toHaveLength(8), { timeout: 5000 });
  act(() => result.current.loadMore(10));
  await waitFor(() => expect(result.current.status).toBe("Exhausted"), { timeout: 5000 });

  const bodies = result.current.results.map((m: { body: string }) => m.body);
  const server = ((await writer.query(api.messages.list, {})) as string[]).reverse();
  expect(bodies).toEqual(server);
  expect(new Set(bodies).size).toBe(bodies.length);
});

test("an optimistic update shows at once and is replaced by the server's value, never doubled", async () => {
  const watch = client.watchQuery(api.messages.list, {});
  const seen: string[][] = [];
  const unsubscribe = watch.onUpdate(() => {
    const value = watch.localQueryResult() as string[] | undefined;
    if (value) seen.push(value);
  });
  await waitFor(() => expect(seen.length).toBeGreaterThan(0), { timeout: 5000 });
  const body = "optimistic";
  const done = client.mutation(
    api.messages.send,
    { body },
    {
      optimisticUpdate: (store) => {
        const current = store.getQuery(api.messages.list, {}) as string[] | undefined;
        if (current) store.setQuery(api.messages.list, {}, [...current, body]);
      },
    },
  );
  expect(seen.at(-1)).toContain(body);
  await done;
  await new Promise((r) => setTimeout(r, 100));
  for (const value of seen) expect(value.filter((b) => b === body).length).toBeLessThanOrEqual(1);
  expect(seen.at(-1)!.filter((b) => b === body)).toHaveLength(1);
  unsubscribe();
});
