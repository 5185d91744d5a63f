// The http(s) rule is the ideas' (convex/model/ideaText.ts), declared once.
export { safeHref } from "../../convex/model/ideaText";
