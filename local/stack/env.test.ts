import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { importJWK, importPKCS8, jwtVerify, SignJWT } from "jose";
import { loadStackEnv } from "./env.js";
import { stackPorts } from "./ports.js";

describe("the local environment", () => {
  test("first start generates a working JWT key pair into a private file; later starts reuse it", async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "env-")), "env");
    const first = await loadStackEnv(file, stackPorts());
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const again = await loadStackEnv(file, stackPorts());
    expect(again.JWT_PRIVATE_KEY).toBe(first.JWT_PRIVATE_KEY);
    expect(again.JWKS).toBe(first.JWKS);

    const privateKey = await importPKCS8(
      first.JWT_PRIVATE_KEY!.replace(/ (?!PRIVATE|KEY)/g, "\n"),
      "RS256",
    );
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: "RS256" })
      .setSubject("u")
      .sign(privateKey);
    const jwk = (JSON.parse(first.JWKS!) as { keys: Parameters<typeof importJWK>[0][] }).keys[0]!;
    await expect(jwtVerify(token, await importJWK(jwk, "RS256"))).resolves.toBeTruthy();
  });

  test("URLs follow the stack's ports, and a value written in the file wins", async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "env-")), "env");
    expect((await loadStackEnv(file, stackPorts(100))).SITE_URL).toBe("http://localhost:5273");
    writeFileSync(file, `${readFileSync(file, "utf8")}SITE_URL=https://bounties.example\n`);
    expect((await loadStackEnv(file, stackPorts(100))).SITE_URL).toBe("https://bounties.example");
  });
});

describe("the deploying guide", () => {
  test("documents every environment variable of the stack", async () => {
    const { readFileSync } = await import("node:fs");
    const { ENV_VARS } = await import("./env.js");
    const guide = readFileSync(new URL("../../docs/deploying.md", import.meta.url), "utf8");
    const missing = ENV_VARS.map((v) => v.name).filter((name) => !guide.includes(`\`${name}\``));
    expect(missing).toEqual([]);
  });
});
