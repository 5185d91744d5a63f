// A package's view of values made elsewhere: the checks libraries make on what they are given.
export function describe(value) {
  return {
    isError: value instanceof Error,
    isTypeError: value instanceof TypeError,
    isResponse: value instanceof Response,
    isUint8Array: value instanceof Uint8Array,
    isArrayBuffer: value instanceof ArrayBuffer,
    isPromise: value instanceof Promise,
    isPlainObject: value !== null && Object.getPrototypeOf(value) === Object.prototype,
    isArray: value instanceof Array,
  };
}

/** An error made by the package, for the app to inspect. */
export function packageError() {
  return new RangeError("made by the package");
}

/** A response made by the package. */
export function packageResponse() {
  return new Response("from the package", { status: 418 });
}
