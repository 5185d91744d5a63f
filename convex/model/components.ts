// The Convex components this app installs (convex/convex.config.ts), as the app calls them.
// Convex's offline codegen (`convex codegen --system-udfs`, what `npm run codegen` runs) does not
// write `components` into _generated/api, so they are taken from convex/server the way the
// generated file would take them, and typed by each package's own API.
import { componentsGeneric } from "convex/server";
import type { ComponentApi as ResendApi } from "@convex-dev/resend/_generated/component.js";

export const components = componentsGeneric() as unknown as { resend: ResendApi<"resend"> };
