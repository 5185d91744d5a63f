// Stripe's list endpoints: newest first, `limit` (1–100, default 10) and `starting_after`, in
// the list envelope `{ object: "list", data, has_more, url }`.
import { errors, type Reader } from "./forms.js";
import type { StripeObject } from "./state.js";

/** One page of `items` (oldest first, as stored); reads `limit` and `starting_after`. */
export function listPage<T extends StripeObject>(r: Reader, items: T[], url: string) {
  const limit = r.integer("limit", { min: 1 }) ?? 10;
  if (limit > 100) throw errors.invalid("This value must be less than or equal to 100.", "limit");
  const after = r.string("starting_after");
  // Newest first; objects made in the same second keep their creation order, reversed.
  let newest = items
    .map((item, i) => ({ item, i }))
    .sort((a, b) => b.item.created - a.item.created || b.i - a.i)
    .map(({ item }) => item);
  if (after) {
    const index = newest.findIndex((item) => item.id === after);
    if (index < 0) throw errors.notFound(items[0]?.object ?? "object", after, "starting_after");
    newest = newest.slice(index + 1);
  }
  return { object: "list", data: newest.slice(0, limit), has_more: newest.length > limit, url };
}
