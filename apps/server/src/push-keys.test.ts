import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { readConfig } from './env';
import { loadVapidKeys } from './push-keys';

describe('VAPID keys', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'yardsale-vapid-'));
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('are made once in development, kept readable by the server only, and read back on the next start', async () => {
    const config = readConfig({ DATA_DIR: dataDir, ADMIN_EMAIL: 'boss@example.com' });
    const first = await loadVapidKeys(config.push);
    expect(first?.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(first?.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first?.subject).toBe('mailto:boss@example.com');
    const file = path.join(dataDir, 'vapid-keys.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(await loadVapidKeys(config.push)).toEqual(first);
  });

  it('refuses a damaged key file rather than replace it', async () => {
    const other = mkdtempSync(path.join(os.tmpdir(), 'yardsale-vapid-'));
    writeFileSync(path.join(other, 'vapid-keys.json'), '{"publicKey":"short","privateKey":"x"}');
    await expect(loadVapidKeys(readConfig({ DATA_DIR: other }).push)).rejects.toThrow(
      /vapid-keys\.json does not hold a VAPID key pair/,
    );
    rmSync(other, { recursive: true, force: true });
  });

  it('come from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY together, and are off in production without them', async () => {
    const pair = { publicKey: 'B'.repeat(87), privateKey: 'p'.repeat(43) };
    const configured = readConfig({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db.example/yardsale',
      ADMIN_PASSWORD: 'a-long-admin-password',
      VAPID_PUBLIC_KEY: pair.publicKey,
      VAPID_PRIVATE_KEY: pair.privateKey,
      VAPID_SUBJECT: 'https://yardsale.example/contact',
    });
    expect(await loadVapidKeys(configured.push)).toEqual({
      ...pair,
      subject: 'https://yardsale.example/contact',
    });
    expect(() => readConfig({ VAPID_PUBLIC_KEY: pair.publicKey })).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() => readConfig({ VAPID_PRIVATE_KEY: 'short' })).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() => readConfig({ VAPID_SUBJECT: 'someone' })).toThrow(/VAPID_SUBJECT/);
    const off = readConfig({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db.example/yardsale',
      ADMIN_PASSWORD: 'a-long-admin-password',
    });
    expect(await loadVapidKeys(off.push)).toBeNull();
  });
});
