/**
 * deploy/nginx/sobanura.conf never forwards /api/internal/ (the command line's route; docs/decisions/
 * 002-cli-and-embedded-database.md, amended 2026-11-28), and stays a configuration nginx accepts: `nginx -t` on a
 * copy with its placeholders filled in (nginx is a test prerequisite, installed by .ci/run; the scale scenario runs the
 * file for real).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const TEMPLATE = path.resolve('deploy/nginx/sobanura.conf');
const NGINX = '/usr/sbin/nginx';
const template = readFileSync(TEMPLATE, 'utf8');

describe('the nginx template', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sobanura-nginx-t-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('answers 404 itself for /api/internal/, a prefix location that regular expressions cannot take over', () => {
    const block = /\n\s*location \^~ \/api\/internal\/ \{\s*return 404;\s*\}/.exec(template);
    expect(block, 'location ^~ /api/internal/ { return 404; }').not.toBeNull();
    // No other location names the path (one that did could forward it).
    expect(template.match(/location[^{\n]*\/api\/internal/g)).toHaveLength(1);
  });

  it('is accepted by nginx -t once its placeholders are filled in', async () => {
    const values: Record<string, string> = {
      LISTEN: '127.0.0.1:18080',
      WEB_UPSTREAMS: 'server 127.0.0.1:3000;',
      S3_ORIGIN: 'http://127.0.0.1:9000',
      S3_HOST: '127.0.0.1:9000',
      CACHE_DIR: path.join(dir, 'cache'),
      TEMP_DIR: dir,
    };
    const conf = template.replace(/\$\{(LISTEN|WEB_UPSTREAMS|S3_ORIGIN|S3_HOST|CACHE_DIR|TEMP_DIR)\}/g, (_m, name: string) => values[name]!);
    expect(conf).not.toMatch(/\$\{[A-Z_]+\}/);
    const file = path.join(dir, 'nginx.conf');
    writeFileSync(file, conf);
    const { stderr } = await promisify(execFile)(NGINX, ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', file, '-t']);
    expect(stderr).toMatch(/test is successful/);
  });
});
