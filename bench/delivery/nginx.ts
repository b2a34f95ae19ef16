/**
 * nginx for the delivery bench: the deployment's own file, deploy/nginx/sobanura.conf, with its placeholders filled
 * in (what `envsubst` does in docs/deploy.md), run by Debian's nginx as a foreground process (`daemon off`).
 * - `s3` variant: the template as it is: /_media/ proxies to the bucket with its proxy_cache (ADR 017).
 * - `local` variant: a copy with the template's commented `alias` location for STORAGE=local switched on instead of
 *   the S3 one, pointing at the server's MEDIA_DIR. The template itself is never changed.
 * Both get one extra `location /bench-static/ { alias {mediaDir}/; }` when `staticDir` is given: the same files served
 * statically, with no token check, as the baseline.
 * nginx runs as root here, so its workers are `nobody`: the caller makes the folders it reads and writes traversable.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, stopper } from './sobanura-process.js';

export const TEMPLATE = path.join(REPO_ROOT, 'deploy/nginx/sobanura.conf');
/** Path prefix of the static baseline location. */
export const STATIC_PREFIX = '/bench-static/';

export interface NginxFront {
  url: string;
  conf: string;
  stop(): Promise<void>;
}

export interface NginxOptions {
  listen: string;
  /** Web instances, `127.0.0.1:port`. */
  upstreams: string[];
  tempDir: string;
  cacheDir: string;
  s3?: { origin: string; host: string };
  /** STORAGE=local: the server's MEDIA_DIR, for the alias variant of /_media/. */
  mediaDir?: string;
  /** Adds the static baseline location over this folder (the media folder). */
  staticDir?: string;
}

/**
 * The template with its placeholders filled in and the variant asked for.
 * @throws when the template no longer has the blocks this switch relies on (the message says which).
 */
export function renderConfig(o: NginxOptions): string {
  let conf = readFileSync(TEMPLATE, 'utf8');
  if (o.mediaDir) {
    // Remove the S3 /_media/ location (brace-matched from its opening line) and uncomment the alias variant.
    const open = conf.indexOf('\n        location /_media/ {');
    if (open < 0) throw new Error(`${TEMPLATE}: no "location /_media/ {" block to replace`);
    let depth = 0;
    let end = conf.indexOf('{', open);
    for (; end < conf.length; end++) {
      if (conf[end] === '{') depth++;
      else if (conf[end] === '}' && --depth === 0) break;
    }
    conf = conf.slice(0, open) + conf.slice(end + 1);
    const commented = /\n(\s*)# location \/_media\/ \{\n\s*#\s*internal;\n\s*#\s*alias [^;]+;\n\s*# \}/;
    if (!commented.test(conf)) throw new Error(`${TEMPLATE}: no commented "# location /_media/ { internal; alias ...; }" variant`);
    conf = conf.replace(commented, (_m, indent: string) => `\n${indent}location /_media/ {\n${indent}    internal;\n${indent}    alias ${o.mediaDir}/;\n${indent}}`);
  }
  if (o.staticDir) {
    conf = conf.replace(/(\n(\s*)server_name _;\n)/, (_m, line: string, indent: string) => `${line}\n${indent}location ${STATIC_PREFIX} {\n${indent}    alias ${o.staticDir}/;\n${indent}}\n`);
    if (!conf.includes(`location ${STATIC_PREFIX}`)) throw new Error(`${TEMPLATE}: no "server_name _;" line to put the static location after`);
  }
  const values: Record<string, string> = {
    LISTEN: o.listen,
    WEB_UPSTREAMS: o.upstreams.map((u) => `server ${u};`).join(' '),
    S3_ORIGIN: o.s3?.origin ?? 'http://127.0.0.1:9',
    S3_HOST: o.s3?.host ?? '127.0.0.1:9',
    CACHE_DIR: o.cacheDir,
    TEMP_DIR: o.tempDir,
  };
  return conf.replace(/\$\{(LISTEN|WEB_UPSTREAMS|S3_ORIGIN|S3_HOST|CACHE_DIR|TEMP_DIR)\}/g, (_m, name: string) => values[name]!);
}

/**
 * Writes the configuration into `tempDir`, checks it with `nginx -t`, starts nginx in the foreground and waits until
 * it answers on `listen`.
 * @throws with nginx's error output when the test or the start fails.
 */
export async function startNginx(o: NginxOptions): Promise<NginxFront> {
  mkdirSync(o.tempDir, { recursive: true, mode: 0o755 });
  mkdirSync(o.cacheDir, { recursive: true, mode: 0o755 });
  const conf = path.join(o.tempDir, 'nginx.conf');
  writeFileSync(conf, renderConfig(o));
  const args = ['-p', `${o.tempDir}/`, '-e', path.join(o.tempDir, 'error.log'), '-c', conf, '-g', 'daemon off;'];
  await new Promise<void>((resolve, reject) => {
    const t = spawn('nginx', ['-t', ...args.slice(0, -2)], { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    t.stderr.on('data', (d: Buffer) => (err += d));
    t.once('error', reject);
    t.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`nginx -t failed for ${conf}:\n${err}`))));
  });
  const child = spawn('nginx', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d));
  const url = `http://${o.listen}`;
  const stop = stopper(child);
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${stderr}${readFileSync(path.join(o.tempDir, 'error.log'), 'utf8')}`);
    if (await fetch(`${url}/api/health`).then(() => true, () => false)) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`nginx did not answer on ${o.listen}: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, conf, stop };
}
