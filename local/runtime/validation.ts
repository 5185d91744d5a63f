// Argument and return value validation with Convex's own rules and wording, so that client code
// that matches on `ArgumentValidationError: …` behaves the same locally as on Convex. The rules
// (field order, paths such as `.author` or `.items[2]`, how values and validators are printed)
// follow the Convex backend's validator; convex-test's checks are switched off in favour of
// these (see `instrumentFunction` in engine/execution.ts).
import type { Value } from "convex/values";
import { isAnyArrayBuffer } from "node:util/types";

/** A validator as exported by `exportArgs()` / `exportReturns()` (Convex's JSON form). */
export type ValidatorJson =
  | { type: "null" | "number" | "bigint" | "boolean" | "string" | "bytes" | "any" | "commitTs" }
  | { type: "float64" | "int64" }
  | { type: "id"; tableName: string }
  | { type: "literal"; value: unknown }
  | { type: "array"; value: ValidatorJson }
  | { type: "record"; keys: ValidatorJson; values: { fieldType: ValidatorJson } }
  | { type: "object"; value: Record<string, { fieldType: ValidatorJson; optional: boolean }> }
  | { type: "union"; value: ValidatorJson[] };

/** Decides which table an id belongs to: a table name, or null for a malformed/unknown id. */
export type IdResolver = (id: string) => string | null;

/**
 * An error whose message is Convex's own (not an uncaught exception of the function): shown to
 * clients as `[Request ID: …] Server Error\n<message>\n` instead of `Uncaught Error: …`.
 */
export class ConvexSystemError extends Error {
  readonly convexSystemError = true;
  constructor(message: string) {
    super(message);
    this.name = "ConvexSystemError";
  }
}

export function isConvexSystemError(e: unknown): e is ConvexSystemError {
  return (
    typeof e === "object" &&
    e !== null &&
    (e as { convexSystemError?: unknown }).convexSystemError === true
  );
}

const byKey = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Formats a number the way Rust's `{:?}` formats an f64 (Convex prints values this way). */
function formatFloat(n: number): string {
  if (Number.isNaN(n)) return "NaN";
  if (n === Infinity) return "inf";
  if (n === -Infinity) return "-inf";
  if (n === 0) return Object.is(n, -0) ? "-0.0" : "0.0";
  const exponent = Math.floor(Math.log10(Math.abs(n)));
  if (exponent < -4 || exponent >= 16) return n.toExponential().replace("e+", "e");
  const text = String(n);
  return Number.isInteger(n) ? `${text}.0` : text;
}

function isPlainObject(value: unknown): value is Record<string, Value | undefined> {
  if (typeof value !== "object" || value === null) return false;
  const proto = Object.getPrototypeOf(value) as { constructor?: { name?: string } } | null;
  // Functions' values come from the isolate's realm, with its own Object.prototype (Convex's
  // own check accepts those the same way).
  return proto === Object.prototype || proto === null || proto.constructor?.name === "Object";
}

function bytesToBase64(bytes: ArrayBuffer): string {
  return Buffer.from(bytes).toString("base64");
}

/** Prints a Convex value as the Convex backend does in error messages. */
export function displayValue(value: Value | undefined): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "number") return formatFloat(value);
  if (typeof value === "boolean") return String(value);
  if (typeof value === "string") return JSON.stringify(value);
  if (isAnyArrayBuffer(value)) return `b${JSON.stringify(bytesToBase64(value))}`;
  if (Array.isArray(value)) return `[${value.map((v) => displayValue(v)).join(", ")}]`;
  const entries = Object.entries(value as Record<string, Value | undefined>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => byKey(a, b));
  return `{${entries.map(([k, v]) => `${k}: ${displayValue(v)}`).join(", ")}}`;
}

function displayLiteral(value: unknown): string {
  if (typeof value === "object" && value !== null && "$integer" in value) return "<bigint>";
  if (typeof value === "bigint") return "<bigint>";
  if (typeof value === "number" && !Number.isFinite(value)) return "<number>";
  return JSON.stringify(value);
}

/** Prints a validator as the Convex backend does (`v.object({author: v.string()})`). */
export function displayValidator(validator: ValidatorJson): string {
  switch (validator.type) {
    case "id":
      return `v.id(${JSON.stringify(validator.tableName)})`;
    case "null":
      return "v.null()";
    case "number":
    case "float64":
      return "v.float64()";
    case "bigint":
    case "int64":
    case "commitTs":
      return "v.int64()";
    case "boolean":
      return "v.boolean()";
    case "string":
      return "v.string()";
    case "bytes":
      return "v.bytes()";
    case "any":
      return "v.any()";
    case "literal":
      return `v.literal(${displayLiteral(validator.value)})`;
    case "array":
      return `v.array(${displayValidator(validator.value)})`;
    case "record":
      return `v.record(${displayValidator(validator.keys)}, ${displayValidator(validator.values.fieldType)})`;
    case "object":
      return displayObjectValidator(validator);
    case "union":
      return `v.union(${validator.value.map(displayValidator).join(", ")})`;
  }
}

function displayObjectValidator(validator: Extract<ValidatorJson, { type: "object" }>): string {
  const fields = Object.entries(validator.value)
    .sort(([a], [b]) => byKey(a, b))
    .map(([name, field]) => {
      const shown = displayValidator(field.fieldType);
      return `${name}: ${field.optional ? `v.optional(${shown})` : shown}`;
    });
  return `v.object({${fields.join(", ")}})`;
}

function literalValue(json: unknown): Value {
  if (typeof json === "object" && json !== null && "$integer" in json) {
    const bytes = Buffer.from(String((json as { $integer: string }).$integer), "base64");
    return bytes.readBigInt64LE(0);
  }
  if (typeof json === "object" && json !== null && "$float" in json) {
    const bytes = Buffer.from(String((json as { $float: string }).$float), "base64");
    return bytes.readDoubleLE(0);
  }
  return json as Value;
}

const contextLine = (path: string) => (path === "" ? "" : `Path: ${path}`);

/**
 * Checks `value` against `validator`; returns Convex's description of the first problem, or
 * null when the value is valid.
 */
export function checkValue(
  validator: ValidatorJson,
  value: Value | undefined,
  tableOfId: IdResolver,
  path = "",
): string | null {
  const noMatch = () =>
    `Value does not match validator.\n${contextLine(path)}\nValue: ${displayValue(value)}\nValidator: ${displayValidator(validator)}`;
  switch (validator.type) {
    case "id": {
      if (typeof value !== "string") return noMatch();
      const table = tableOfId(value);
      if (table === null) return noMatch();
      if (table === validator.tableName) return null;
      const wanted = `\`v.id(${JSON.stringify(validator.tableName)})\`.${contextLine(path)}`;
      if (table.startsWith("_"))
        return `Found ID ${JSON.stringify(value)} from a system table, which does not match the table name in validator ${wanted}`;
      return `Found ID ${JSON.stringify(value)} from table \`${table}\`, which does not match the table name in validator ${wanted}`;
    }
    case "null":
      return value === null ? null : noMatch();
    case "number":
    case "float64":
      return typeof value === "number" ? null : noMatch();
    case "bigint":
    case "int64":
    case "commitTs":
      return typeof value === "bigint" ? null : noMatch();
    case "boolean":
      return typeof value === "boolean" ? null : noMatch();
    case "string":
      return typeof value === "string" ? null : noMatch();
    case "bytes":
      return isAnyArrayBuffer(value) ? null : noMatch();
    case "any":
      return null;
    case "literal": {
      const literal = literalValue(validator.value);
      if (value === literal || (Number.isNaN(value) && Number.isNaN(literal))) return null;
      return `\`${displayValue(value)}\` does not match literal validator \`v.literal(${displayLiteral(validator.value)})\`.${contextLine(path)}`;
    }
    case "array": {
      if (!Array.isArray(value)) return noMatch();
      for (let i = 0; i < value.length; i++) {
        const problem = checkValue(validator.value, value[i], tableOfId, `${path}[${i}]`);
        if (problem) return problem;
      }
      return null;
    }
    case "record": {
      if (!isPlainObject(value)) return noMatch();
      for (const [key, item] of Object.entries(value).sort(([a], [b]) => byKey(a, b))) {
        if (item === undefined) continue;
        const keyProblem = checkValue(validator.keys, key, tableOfId, `${path}.keys()`);
        if (keyProblem) return keyProblem;
        const valueProblem = checkValue(
          validator.values.fieldType,
          item,
          tableOfId,
          `${path}.values()`,
        );
        if (valueProblem) return valueProblem;
      }
      return null;
    }
    case "object": {
      if (!isPlainObject(value)) return noMatch();
      const fields = Object.entries(validator.value).sort(([a], [b]) => byKey(a, b));
      for (const [name, field] of fields) {
        const item = value[name];
        if (item !== undefined) {
          const problem = checkValue(field.fieldType, item, tableOfId, `${path}.${name}`);
          if (problem) return problem;
        } else if (!field.optional) {
          return `Object is missing the required field \`${name}\`. Consider wrapping the field validator in \`v.optional(...)\` if this is expected.\n${contextLine(path)}\nObject: ${displayValue(value)}\nValidator: ${displayObjectValidator(validator)}`;
        }
      }
      for (const name of Object.keys(value).sort(byKey)) {
        if (value[name] === undefined || name in validator.value) continue;
        return `Object contains extra field \`${name}\` that is not in the validator.\n${contextLine(path)}\nObject: ${displayValue(value)}\nValidator: ${displayObjectValidator(validator)}`;
      }
      return null;
    }
    case "union": {
      if (validator.value.length === 1)
        return checkValue(validator.value[0]!, value, tableOfId, path);
      for (const option of validator.value) {
        if (checkValue(option, value, tableOfId, path) === null) return null;
      }
      return noMatch();
    }
  }
}

/** Convex's message for arguments that fail the function's `args` validator (null when valid). */
export function argumentValidationError(
  validator: ValidatorJson,
  args: Value,
  tableOfId: IdResolver,
): string | null {
  if (validator.type === "any") return null;
  let problem: string | null;
  if (!isPlainObject(args)) {
    problem = `Expected to receive an object as the function's argument. Instead received: ${displayValue(args)}`;
  } else {
    problem = checkValue(validator, args, tableOfId);
  }
  // The backend wraps an error value that already ends in a newline.
  return problem === null ? null : `ArgumentValidationError: ${problem}\n`;
}

/** Convex's message for a return value that fails the function's `returns` validator. */
export function returnsValidationError(
  validator: ValidatorJson | null,
  result: Value,
  tableOfId: IdResolver,
): string | null {
  if (validator === null || validator.type === "any") return null;
  const problem = checkValue(validator, result, tableOfId);
  return problem === null ? null : `ReturnsValidationError: ${problem}`;
}
