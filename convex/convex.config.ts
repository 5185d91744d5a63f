// The Convex components this app installs (each an npm package with its own functions and
// tables). The app calls them through convex/model/components.ts; the local runtime reads this file.
import { defineApp } from "convex/server";
import resend from "@convex-dev/resend/convex.config";

const app = defineApp();
app.use(resend);

export default app;
