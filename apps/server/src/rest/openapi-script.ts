/**
 * `tsx src/rest/openapi-script.ts client` writes the committed client types from the served
 * document; `... lint` runs Redocly's CLI (recommended rules) on it. Both start a real server on a
 * throwaway embedded database and fetch /api/openapi.json, so they see what clients see.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { startTestServer } from '../../test/test-server';
import { CLIENT_TYPES_FILE, generateClientTypes } from './openapi-tooling';

async function servedDocument(): Promise<string> {
  const server = await startTestServer('pglite');
  try {
    const res = await fetch(`${server.url}/api/openapi.json`);
    if (!res.ok) throw new Error(`GET /api/openapi.json answered ${res.status}`);
    return await res.text();
  } finally {
    await server.stop();
  }
}

const command = process.argv[2];
if (command === 'client') {
  writeFileSync(CLIENT_TYPES_FILE, await generateClientTypes(await servedDocument()));
  console.log(`wrote ${path.relative(process.cwd(), CLIENT_TYPES_FILE)}`);
} else if (command === 'lint') {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'yardsale-openapi-'));
  try {
    const file = path.join(dir, 'openapi.json');
    // Indented, so the CLI's excerpts show a line of the document rather than a 100 kB one.
    writeFileSync(file, JSON.stringify(JSON.parse(await servedDocument()), null, 2));
    const config = path.join(dir, 'redocly.yaml');
    // The lint is about this document: no usage reports sent anywhere.
    writeFileSync(config, 'extends:\n  - recommended\ntelemetry: off\n');
    const cli = fileURLToPath(
      new URL('../../node_modules/@redocly/cli/bin/cli.js', import.meta.url),
    );
    const run = spawnSync(process.execPath, [cli, 'lint', '--config', config, file], {
      stdio: 'inherit',
    });
    process.exitCode = run.status ?? 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
} else {
  console.error('usage: openapi-script.ts client | lint');
  process.exitCode = 2;
}
