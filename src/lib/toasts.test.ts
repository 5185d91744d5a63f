import { describe, expect, it } from "vitest";
import { TOAST_IDS } from "./toasts";

describe("toast ids", () => {
  it("differ for every action, and per platform for the platform actions", () => {
    const ids = Object.values(TOAST_IDS).flatMap((id) =>
      typeof id === "function" ? [id("YouTube"), id("TikTok")] : [id],
    );
    expect(new Set(ids).size).toBe(ids.length);
  });
});
