// Lint: TypeScript everywhere, Convex's rules in convex/, React hooks rules in src/.
import tseslint from "typescript-eslint";
import convexPlugin from "@convex-dev/eslint-plugin";
import reactHooks from "eslint-plugin-react-hooks";
import importX, { createNodeResolver } from "eslint-plugin-import-x";

/**
 * Convex's raw registrars: public functions are declared with the builders of
 * convex/functions.ts (where the access check is written once), and every mutation, public or
 * internal, with a builder whose database runs the triggers (model/triggers.ts), so no write can
 * skip the ledger's refresh.
 */
const rawRegistrars = {
  group: ["**/_generated/server"],
  importNames: ["query", "mutation", "action", "internalMutation"],
  message:
    "Declare functions with the builders of convex/functions.ts (publicQuery, userMutation, adminAction, internalMutation, ...): their mutations run the triggers.",
};

export default tseslint.config(
  {
    ignores: [
      "dist/**",
      "convex/_generated/**",
      "local/runtime/test/apps/*/convex/_generated/**",
      "node_modules/**",
      ".data/**",
      "local/runtime/test/.tmp/**",
      "local/components/.tmp/**",
      "test-results/**",
      "playwright-report/**",
      "e2e/.artifacts/**",
    ],
  },
  ...tseslint.configs.recommended,
  ...convexPlugin.configs.recommended,
  {
    files: ["src/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
    },
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
    },
  },
  {
    // Declared env vars live in convex.config.ts, a feature of Convex components, whose code
    // generation needs a deployment; this project must generate code offline (architecture).
    files: ["convex/**/*.ts"],
    rules: { "@convex-dev/no-process-env": "off" },
  },
  {
    // Every public function is declared with a builder of convex/functions.ts (publicQuery/
    // Mutation/Action, userQuery/Mutation/Action with their sign-in message, adminQuery/
    // Mutation/Action), where the access check is written once. Convex's raw registrars are
    // imported only there; a raw `query`/`mutation`/`action` anywhere else fails this rule,
    // whose only accepted checks are the builders' own (functions.ts requireUser/requireAdmin).
    files: ["convex/**/*.ts"],
    ignores: ["convex/functions.ts", "convex/_generated/**"],
    rules: {
      "@convex-dev/require-access-control": ["error", { pattern: "^(requireUser|requireAdmin)$" }],
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            rawRegistrars,
            {
              // The ledger's refresh runs from its triggers (model/money/triggers.ts) and the
              // one backfill (settlement.placeHeldMoney); a flow that called it by hand would
              // hide a write that skipped the triggers.
              group: ["**/money/ledger"],
              importNames: ["refreshMoney"],
              message:
                "Derived money is refreshed by the triggers of model/money/triggers.ts: write the row, never call the refresh.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["convex/model/money/triggers.ts", "convex/settlement.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [rawRegistrars] }] },
  },
  {
    // No import loop in the backend (issue 35): the schema, the rules, money and notifications
    // each depend one way. Type-only imports count too; the generated api, which names every
    // module, does not.
    files: ["convex/**/*.ts"],
    ignores: ["convex/_generated/**"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".js"] })],
      "import-x/extensions": [".ts", ".js"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts"] },
      "import-x/ignore": ["_generated/"],
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  {
    // The stand-ins play outside services (Google, Stripe, YouTube...): like them they know
    // nothing of the app, so nothing under local/standins/ imports the app's code in convex/
    // (the npm package `convex` is another matter).
    files: ["local/standins/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(\\.{1,2}/)+(.+/)?convex(/|$)",
              message:
                "The stand-ins must not import the app (convex/): give the stand-in its own code.",
            },
          ],
        },
      ],
    },
  },
  {
    // The local runtime reaches into convex-test internals, which have no types.
    files: ["local/runtime/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
);
