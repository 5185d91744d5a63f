/* eslint-disable */
/**
 * Generated `api` utility.
 *
 * THIS CODE IS AUTOMATICALLY GENERATED.
 *
 * To regenerate, run `npx convex dev`.
 * @module
 */

import type {
  ApiFromModules,
  FilterApi,
  FunctionReference,
} from "convex/server";
import type * as auth from "../auth.js";
import type * as http from "../http.js";
import type * as model_accounts from "../model/accounts.js";
import type * as model_authProviders from "../model/authProviders.js";
import type * as model_users from "../model/users.js";
import type * as model_validators from "../model/validators.js";
import type * as rest_respond from "../rest/respond.js";
import type * as rest_users from "../rest/users.js";
import type * as users from "../users.js";

/**
 * A utility for referencing Convex functions in your app's API.
 *
 * Usage:
 * ```js
 * const myFunctionReference = api.myModule.myFunction;
 * ```
 */
declare const fullApi: ApiFromModules<{
  auth: typeof auth;
  http: typeof http;
  "model/accounts": typeof model_accounts;
  "model/authProviders": typeof model_authProviders;
  "model/users": typeof model_users;
  "model/validators": typeof model_validators;
  "rest/respond": typeof rest_respond;
  "rest/users": typeof rest_users;
  users: typeof users;
}>;
export declare const api: FilterApi<
  typeof fullApi,
  FunctionReference<any, "public">
>;
export declare const internal: FilterApi<
  typeof fullApi,
  FunctionReference<any, "internal">
>;
