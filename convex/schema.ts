import { defineSchema } from "convex/server";
import { authTables } from "@convex-dev/auth/server";

// Tables of the product. Each domain adds its own as it lands.
export default defineSchema({
  ...authTables,
});
