import { describe, expect, test } from "vitest";
import { toggleVote, voteDelta } from "./votes";

describe("vote arithmetic (server and optimistic updates alike)", () => {
  test("the same direction again clears; the count moves by new minus old", () => {
    expect(toggleVote(0, 1)).toBe(1);
    expect(toggleVote(1, 1)).toBe(0);
    expect(toggleVote(1, -1)).toBe(-1);
    expect(voteDelta(1, -1)).toBe(-2);
    expect(voteDelta(-1, 0)).toBe(1);
  });
});
