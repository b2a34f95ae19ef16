/** The version of this installation: package.json's `version` (the CLI's `--version`). */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Reads package.json two folders up from this file (src/server/cli or dist/server/cli); '0.0.0' if unreadable. */
export function packageVersion(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  try {
    const pkg = JSON.parse(readFileSync(path.join(here, '..', '..', '..', 'package.json'), 'utf8')) as { version?: string };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}
