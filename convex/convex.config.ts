// The Convex components this app installs (each an npm package with its own functions and
// tables). `npm run codegen` generates `components` in _generated/api from this file.
import { defineApp } from "convex/server";
import resend from "@convex-dev/resend/convex.config";

const app = defineApp();
app.use(resend);

export default app;
