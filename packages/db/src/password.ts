import { hash, verify } from '@node-rs/argon2';

/**
 * OWASP's Argon2id baseline: 19 MiB, 2 passes, 1 lane. Argon2id is the package's default algorithm; its
 * `Algorithm` const enum cannot be read under verbatimModuleSyntax, so the test pins the `$argon2id$` prefix.
 */
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, OPTIONS);
}

/** False (never a throw) for a wrong password or a malformed hash, so callers answer one way to both. */
export async function verifyPassword(passwordHash: string, plain: string): Promise<boolean> {
  try {
    return await verify(passwordHash, plain);
  } catch {
    return false;
  }
}
