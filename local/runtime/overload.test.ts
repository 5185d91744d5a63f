// The bounded work queue: runs a fixed number at once, lets a fixed number wait, refuses the rest.
import { describe, expect, test } from "vitest";
import { RequestRefused, WorkGate } from "./overload.js";

describe("WorkGate", () => {
  test("refuses with 503 once the running and waiting slots are full, then recovers", async () => {
    const gate = new WorkGate(2, 2);
    const releases: (() => void)[] = [];
    const started: number[] = [];
    const task = (n: number) => () =>
      new Promise<number>((resolve) => {
        started.push(n);
        releases.push(() => resolve(n));
      });
    const accepted = [1, 2, 3, 4].map((n) => gate.run(task(n)));
    await Promise.resolve();
    expect(started).toEqual([1, 2]);
    expect(gate.load).toEqual({ active: 2, waiting: 2 });

    const refused = await gate.run(task(5)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RequestRefused);
    expect((refused as RequestRefused).status).toBe(503);
    expect((refused as RequestRefused).headers["Retry-After"]).toBe("1");

    while (releases.length > 0) {
      releases.shift()!();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    expect(await Promise.all(accepted)).toEqual([1, 2, 3, 4]);
    expect(started).toEqual([1, 2, 3, 4]);
    expect(gate.load).toEqual({ active: 0, waiting: 0 });
    expect(await gate.run(async () => "again")).toBe("again");
  });
});
