/**
 * Speed, accessibility, best-practice and SEO budgets of issue 7 point 8, measured with Lighthouse (mobile,
 * default throttling: simulated slow 4G and a 4x slower CPU) in Debian's Chromium.
 *
 *   npx tsx bench/lighthouse/run.ts            # builds the web app first
 *   npx tsx bench/lighthouse/run.ts --no-build # uses dist/web as it is
 *
 * It starts a server on a fresh DATA_DIR with the demo catalogue (three titles), creates a viewer, and runs
 * Lighthouse on /, /movies (signed in), /watch/{id} (signed in) and /login. It prints the four scores, LCP, TBT,
 * CLS and the JavaScript transferred per page, and the gzip size of the JavaScript the first paint of / needs
 * (the entry and its modulepreload list in dist/web/index.html; budget 150 KB). CHROME_PATH overrides
 * /usr/bin/chromium. LH_SAVE_DIR=dir keeps each page's full Lighthouse report there as JSON.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer } from '../../tests/e2e/support/server.js';

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const VIEWER = { email: 'bench@sobanura.test', password: 'bench-pass' };
const WEB = path.resolve('dist/web');

/** The JavaScript needed for the first paint of /: the entry script and every modulepreload, gzip level 9, bytes. */
export function firstPaintJs(webDir = WEB): { files: { file: string; gzip: number }[]; total: number } {
  const html = readFileSync(path.join(webDir, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+\.js)"/g)].map((m) => m[1]!);
  const files = [...new Set(refs)].map((ref) => ({ file: ref, gzip: gzipSync(readFileSync(path.join(webDir, ref))).length }));
  return { files, total: files.reduce((n, f) => n + f.gzip, 0) };
}

async function main() {
  if (!process.argv.includes('--no-build')) execFileSync('npx', ['vite', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const js = firstPaintJs();
  console.log('First-paint JavaScript of / (gzip):');
  for (const f of js.files) console.log(`  ${f.file.padEnd(48)} ${(f.gzip / 1024).toFixed(1)} KB`);
  console.log(`  total ${(js.total / 1024).toFixed(1)} KB (budget 150 KB)\n`);

  const server = await startServer({ DEMO_CATALOG: 'true', LOG_LEVEL: 'warn' });
  try {
    await server.cli('user', 'create', '--email', VIEWER.email, '--password', VIEWER.password, '--name', 'Bench Viewer');
    // Lighthouse measures CPU time: wait until the demo titles are transcoded so ffmpeg does not share the CPU.
    let movieId = '';
    for (let i = 0; i < 600; i++) {
      const { items } = (await fetch(`${server.url}/api/movies`).then((r) => r.json())) as { items: { id: string; videoStatus: string | null }[] };
      movieId = items[0]?.id ?? '';
      if (items.length >= 3 && items.every((m) => m.videoStatus === 'ready' || m.videoStatus === 'failed')) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    if (!movieId) throw new Error('the demo catalogue was not created (is ffmpeg installed?)');
    const login = await fetch(`${server.url}/api/accounts/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: server.url }, body: JSON.stringify(VIEWER) });
    if (!login.ok) throw new Error(`login failed: ${login.status}`);
    const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');

    const pages: { name: string; path: string; signedIn: boolean }[] = [
      { name: '/', path: '/', signedIn: false },
      { name: '/movies (signed in)', path: '/movies', signedIn: true },
      { name: '/watch/{id} (signed in)', path: `/watch/${movieId}`, signedIn: true },
      { name: '/login', path: '/login', signedIn: false },
    ];
    const rows: string[][] = [];
    for (const p of pages) {
      const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: FLAGS });
      try {
        const result = await lighthouse(`${server.url}${p.path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          formFactor: 'mobile',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
          ...(p.signedIn ? { extraHeaders: { Cookie: cookie } } : {}),
        });
        if (!result) throw new Error('no Lighthouse result');
        const { lhr } = result;
        if (process.env.LH_SAVE_DIR) writeFileSync(path.join(process.env.LH_SAVE_DIR, `${p.name.replace(/[^a-z]+/gi, '_')}.json`), JSON.stringify(lhr));
        const score = (k: string) => String(Math.round((lhr.categories[k]?.score ?? 0) * 100));
        const num = (k: string) => lhr.audits[k]?.numericValue ?? NaN;
        const requests = (lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
        const jsBytes = requests.filter((r) => r.resourceType === 'Script').reduce((n, r) => n + (r.transferSize ?? 0), 0);
        const failing = Object.values(lhr.audits)
          .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === 'binary')
          .map((a) => a.id);
        rows.push([p.name, score('performance'), score('accessibility'), score('best-practices'), score('seo'), `${(num('largest-contentful-paint') / 1000).toFixed(2)} s`, `${Math.round(num('total-blocking-time'))} ms`, num('cumulative-layout-shift').toFixed(3), `${(jsBytes / 1024).toFixed(1)} KB`]);
        if (failing.length) console.log(`${p.name}: failing audits: ${failing.join(', ')}`);
      } finally {
        await chrome.kill();
      }
    }
    const head = ['page', 'perf', 'a11y', 'best', 'seo', 'LCP', 'TBT', 'CLS', 'JS transferred'];
    const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ');
    console.log(`\nLighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile, default throttling; ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}`);
    console.log(line(head));
    for (const r of rows) console.log(line(r));
    console.log('\nReproduce: npx tsx bench/lighthouse/run.ts   (CHROME_PATH=/usr/bin/chromium)');
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
