// Stripe's request parameters: form bodies (and query strings) in bracket notation
// (`line_items[0][price_data][unit_amount]=500`, `expand[]=payment_intent`) parsed into nested
// objects, readers that answer Stripe's own validation errors, and Stripe's error envelope.
import { json } from "../framework.js";

// Every value is a string or a nested hash; lists (`a[0]`, `a[]`) are hashes with numeric keys
// until a reader asks for a list, because only the endpoint knows which params are lists
// (`metadata[2024]=x` is a hash key).
export type ParamValue = string | Params;
export interface Params {
  [key: string]: ParamValue;
}

export type ErrorType = "invalid_request_error" | "card_error" | "idempotency_error" | "api_error";

/** A Stripe API error. `stored`: the request got past validation, so idempotency keeps it. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: ErrorType,
    message: string,
    readonly fields: { code?: string; param?: string; decline_code?: string } = {},
    readonly stored = false,
  ) {
    super(message);
  }

  body() {
    const { code, param, decline_code } = this.fields;
    return {
      error: {
        ...(code
          ? { code, doc_url: `https://stripe.com/docs/error-codes/${code.replace(/_/g, "-")}` }
          : {}),
        ...(decline_code ? { decline_code } : {}),
        message: this.message,
        ...(param ? { param } : {}),
        type: this.type,
      },
    };
  }

  response(headers: Record<string, string> = {}) {
    return json(this.body(), this.status, headers);
  }
}

const invalid = (message: string, param?: string, code?: string) =>
  new StripeApiError(400, "invalid_request_error", message, { code, param });

export const errors = {
  invalid,
  missing: (param: string) =>
    invalid(`Missing required param: ${param}.`, param, "parameter_missing"),
  unknown: (param: string) =>
    invalid(`Received unknown parameter: ${param}`, param, "parameter_unknown"),
  notFound: (kind: string, id: string, param = "id") =>
    new StripeApiError(404, "invalid_request_error", `No such ${kind}: '${id}'`, {
      code: "resource_missing",
      param,
    }),
  /** A refusal that depends on the objects' state (saved for idempotent replays). */
  refused: (message: string, code: string, param?: string) =>
    new StripeApiError(400, "invalid_request_error", message, { code, param }, true),
};

const FORBIDDEN_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/** Parses `a[b][0][c]=1&list[]=x` into `{ a: { b: { 0: { c: "1" } } }, list: { 0: "x" } }`. */
export function parseParams(text: string): Params {
  const root: Params = Object.create(null) as Params;
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(rawKey);
    if (!match) throw invalid(`Invalid parameter name: ${rawKey}`, rawKey);
    const keys = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)];
    if (keys.some((key) => FORBIDDEN_KEYS.has(key))) throw errors.unknown(rawKey);
    let node = root;
    for (const [i, key] of keys.entries()) {
      // `[]` appends: the next free index.
      const slot = key === "" ? String(Object.keys(node).length) : key;
      if (i === keys.length - 1) {
        node[slot] = value;
        break;
      }
      const existing = node[slot];
      if (existing === undefined || typeof existing === "string") {
        node[slot] = Object.create(null) as Params;
      }
      node = node[slot] as Params;
    }
  }
  return root;
}

/** A hash whose keys are all indexes, in index order (Stripe's arrays); null if not a list. */
function asList(value: Params): ParamValue[] | null {
  const keys = Object.keys(value);
  if (!keys.every((key) => /^\d+$/.test(key))) return null;
  return keys.sort((a, b) => Number(a) - Number(b)).map((key) => value[key]!);
}

/** A view of one (nested) hash of parameters that names its params as Stripe does. */
export class Reader {
  constructor(
    readonly params: Params,
    readonly prefix = "",
  ) {}

  name(key: string) {
    return this.prefix ? `${this.prefix}[${key}]` : key;
  }

  /** Refuses parameters the endpoint does not know (`expand` is always allowed). */
  only(...allowed: string[]): this {
    for (const key of Object.keys(this.params)) {
      if (key !== "expand" && !allowed.includes(key)) throw errors.unknown(this.name(key));
    }
    return this;
  }

  string(key: string, options: { required?: boolean; max?: number } = {}): string | undefined {
    const value = this.params[key];
    if (value === undefined || value === "") {
      if (options.required) throw errors.missing(this.name(key));
      return undefined;
    }
    if (typeof value !== "string")
      throw invalid(`Invalid string: ${JSON.stringify(value)}`, this.name(key));
    if (options.max && value.length > options.max) {
      throw invalid(
        `Invalid string: ${value.slice(0, 20)}...; must be at most ${options.max} characters`,
        this.name(key),
      );
    }
    return value;
  }

  required(key: string): string {
    return this.string(key, { required: true })!;
  }

  integer(key: string, options: { required?: boolean; min?: number } = {}): number | undefined {
    const text = this.string(key, options);
    if (text === undefined) return undefined;
    if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(Number(text))) {
      throw invalid(`Invalid integer: ${text}`, this.name(key), "parameter_invalid_integer");
    }
    const value = Number(text);
    if (options.min !== undefined && value < options.min) {
      throw invalid(`This value must be greater than or equal to ${options.min}.`, this.name(key));
    }
    return value;
  }

  boolean(key: string): boolean | undefined {
    const text = this.string(key);
    if (text === undefined) return undefined;
    if (text !== "true" && text !== "false")
      throw invalid(`Invalid boolean: ${text}`, this.name(key));
    return text === "true";
  }

  oneOf<T extends string>(key: string, values: readonly T[], required = false): T | undefined {
    const text = this.string(key, { required });
    if (text === undefined) return undefined;
    if (!values.includes(text as T)) {
      throw invalid(`Invalid ${key}: must be one of ${values.join(", ")}`, this.name(key));
    }
    return text as T;
  }

  url(key: string, required = false): string | undefined {
    const text = this.string(key, { required, max: 5000 });
    if (text !== undefined && !/^https?:\/\/[^\s]+$/i.test(text)) {
      throw invalid("Not a valid URL", this.name(key), "url_invalid");
    }
    return text;
  }

  email(key: string): string | undefined {
    const text = this.string(key, { max: 512 });
    if (text !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text)) {
      throw invalid(`Invalid email address: ${text}`, this.name(key), "email_invalid");
    }
    return text;
  }

  hash(key: string, required = false): Reader | undefined {
    const value = this.params[key];
    if (value === undefined || value === "") {
      if (required) throw errors.missing(this.name(key));
      return undefined;
    }
    if (typeof value === "string") throw invalid("Invalid hash", this.name(key));
    return new Reader(value, this.name(key));
  }

  list(key: string, required = false): Reader[] {
    const value = this.params[key];
    if (value === undefined || value === "") {
      if (required) throw errors.missing(this.name(key));
      return [];
    }
    const list = typeof value === "string" ? null : asList(value);
    if (!list) throw invalid("Invalid array", this.name(key));
    return list.map((item, i) => {
      if (typeof item === "string") throw invalid("Invalid hash", `${this.name(key)}[${i}]`);
      return new Reader(item, `${this.name(key)}[${i}]`);
    });
  }

  /** Stripe's metadata rules: at most 50 keys of 40 characters, values of 500. */
  metadata(key = "metadata"): Record<string, string> {
    const hash = this.hash(key);
    if (!hash) return {};
    const entries = Object.entries(hash.params);
    if (entries.length > 50) throw invalid("Metadata can have up to 50 keys.", this.name(key));
    const result: Record<string, string> = {};
    for (const [k, v] of entries) {
      if (typeof v !== "string") throw invalid("Invalid string", hash.name(k));
      if (k.length > 40) throw invalid("Metadata keys can be at most 40 characters.", hash.name(k));
      if (v.length > 500)
        throw invalid("Metadata values can be at most 500 characters.", hash.name(k));
      if (v !== "") result[k] = v;
    }
    return result;
  }

  /** A list of strings (`expand[]=a.b`, `payment_method_types[0]=card`). */
  strings(key: string): string[] {
    const value = this.params[key];
    if (value === undefined || value === "") return [];
    const list = typeof value === "string" ? [value] : asList(value);
    if (!list || list.some((item) => typeof item !== "string")) {
      throw invalid("Invalid array", this.name(key));
    }
    return list as string[];
  }
}
