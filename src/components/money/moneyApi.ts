// The money functions of the contract (/work/notes/money-contract.md) that the generated `api`
// does not know yet, typed from the contract. Each is the function `api.<module>.<name>` names.
// TODO(money-backend): once the backend is merged and `convex codegen` has run, replace these
// with `api.contributions.myFates`, `api.payouts.refreshAccount`, `api.operator.*` and delete
// this file (the view types live in the components that show them).
import { makeFunctionReference } from "convex/server";
import type { ContributionFates } from "./FateList";
import type { OperatorOverview, StripeBalance } from "../operator/OperatorDashboard";

type NoArgs = Record<string, never>;

export const myFatesRef = makeFunctionReference<
  "query",
  { proposalId: string },
  ContributionFates[] | null
>("contributions:myFates");

export const refreshAccountRef = makeFunctionReference<"action", NoArgs, { ready: boolean } | null>(
  "payouts:refreshAccount",
);

export const isAdminRef = makeFunctionReference<"query", NoArgs, boolean>("operator:isAdmin");

export const overviewRef = makeFunctionReference<"query", NoArgs, OperatorOverview>(
  "operator:overview",
);

export const stripeBalanceRef = makeFunctionReference<"action", NoArgs, StripeBalance>(
  "operator:stripeBalance",
);
