// Types of the test package `realm-probe` (apps/realm/packages), installed beside the copy.
declare module "realm-probe" {
  export const build: "browser" | "node";
  export function describe(value: unknown): Record<string, boolean>;
  export function packageError(): RangeError;
  export function packageResponse(): Response;
}
