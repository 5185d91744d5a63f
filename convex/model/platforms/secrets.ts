// Platform tokens are sealed (AES-GCM) before they are stored, with a key from the environment,
// so a database export alone does not hand out anyone's YouTube or TikTok access.
import { env } from "./http";

let cachedKey: Promise<CryptoKey> | null = null;

function key(): Promise<CryptoKey> {
  cachedKey ??= (async () => {
    const raw = Uint8Array.from(atob(env("PLATFORM_TOKEN_SECRET")), (c) => c.charCodeAt(0));
    if (raw.length !== 32)
      throw new Error("PLATFORM_TOKEN_SECRET must be 32 bytes, base64-encoded");
    return crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]);
  })();
  return cachedKey;
}

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

export async function sealToken(plain: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: "AES-GCM", iv },
      await key(),
      new TextEncoder().encode(plain),
    ),
  );
  return `v1.${toBase64(iv)}.${toBase64(sealed)}`;
}

export async function openToken(sealed: string): Promise<string> {
  const [version, iv, data] = sealed.split(".");
  if (version !== "v1" || !iv || !data) throw new Error("Unreadable stored token");
  const plain = await crypto.subtle.decrypt(
    { name: "AES-GCM", iv: fromBase64(iv) },
    await key(),
    fromBase64(data),
  );
  return new TextDecoder().decode(plain);
}

/** A random URL-safe string (OAuth states, PKCE verifiers). */
export function randomToken(bytes = 32): string {
  return toBase64(crypto.getRandomValues(new Uint8Array(bytes)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/** The PKCE S256 challenge for a verifier. */
export async function pkceChallenge(verifier: string): Promise<string> {
  const digest = new Uint8Array(
    await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier)),
  );
  return toBase64(digest).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
