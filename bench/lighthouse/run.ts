/**
 * Speed, accessibility, best-practice and SEO budgets of issue 7 point 8, measured with Lighthouse (mobile,
 * default throttling: simulated slow 4G and a 4x slower CPU) in Debian's Chromium.
 *
 *   npx tsx bench/lighthouse/run.ts            # builds the web app first
 *   npx tsx bench/lighthouse/run.ts --no-build # uses dist/web as it is
 *
 * It starts a server on a fresh DATA_DIR with the demo catalogue (three titles), creates a viewer, and runs
 * Lighthouse on /, /movies (signed in), /watch/{id} (signed in) and /login, LH_RUNS times each (default 3; a run
 * whose trace Lighthouse lost is made again). For the run with the median performance score it prints the four
 * scores, FCP, LCP, TBT, CLS, the JavaScript transferred, and the JavaScript requested before the first paint
 * (these pages are drawn on the server, docs/decisions/014-server-rendering.md, so the budget of 150 KB gzip for
 * the first paint of / is met when that column is 0). It also prints the gzip size of the app's entry and its
 * modulepreload list in dist/web/index.html, which the browser loads after the paint. CHROME_PATH overrides
 * /usr/bin/chromium. LH_SAVE_DIR=dir keeps each run's full Lighthouse report there as JSON.
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

/** The app's entry script and every modulepreload in index.html, gzip level 9, bytes. */
export function appEntryJs(webDir = WEB): { files: { file: string; gzip: number }[]; total: number } {
  const html = readFileSync(path.join(webDir, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+\.js)"/g)].map((m) => m[1]!);
  const files = [...new Set(refs)].map((ref) => ({ file: ref, gzip: gzipSync(readFileSync(path.join(webDir, ref))).length }));
  return { files, total: files.reduce((n, f) => n + f.gzip, 0) };
}

/** Runs per page (LH_RUNS, default 3): the table shows the run with the median performance score. */
const RUNS = Math.max(1, Number(process.env.LH_RUNS ?? 3) || 3);

interface Run {
  perf: number;
  a11y: number;
  best: number;
  seo: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  jsBytes: number;
  /** Script bytes whose request started before the first contentful paint (observed, unthrottled timeline). */
  jsBeforePaint: number;
  failing: string[];
}

/** One Lighthouse run in a fresh Chromium: the scores (0-100), FCP and LCP (ms), TBT (ms), CLS, JavaScript transferred (bytes). */
async function measure(url: string, cookie: string | null, saveAs: string): Promise<Run | { error: string }> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: FLAGS });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      formFactor: 'mobile',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    if (!result) return { error: 'no result' };
    const { lhr } = result;
    if (lhr.runtimeError) return { error: lhr.runtimeError.code };
    if (process.env.LH_SAVE_DIR) writeFileSync(path.join(process.env.LH_SAVE_DIR, `${saveAs.replace(/[^a-z0-9]+/gi, '_')}.json`), JSON.stringify(lhr));
    const score = (k: string) => Math.round((lhr.categories[k]?.score ?? 0) * 100);
    const num = (k: string) => lhr.audits[k]?.numericValue ?? NaN;
    const requests = (lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number; networkRequestTime?: number }[] } | undefined)?.items ?? [];
    const observedFcp = (lhr.audits.metrics?.details as { items?: { observedFirstContentfulPaint?: number }[] } | undefined)?.items?.[0]?.observedFirstContentfulPaint ?? Infinity;
    const scripts = requests.filter((r) => r.resourceType === 'Script');
    return {
      perf: score('performance'),
      a11y: score('accessibility'),
      best: score('best-practices'),
      seo: score('seo'),
      fcp: num('first-contentful-paint'),
      lcp: num('largest-contentful-paint'),
      tbt: num('total-blocking-time'),
      cls: num('cumulative-layout-shift'),
      jsBytes: scripts.reduce((n, r) => n + (r.transferSize ?? 0), 0),
      jsBeforePaint: scripts.filter((r) => (r.networkRequestTime ?? Infinity) < observedFcp).reduce((n, r) => n + (r.transferSize ?? 0), 0),
      failing: Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === 'binary')
        .map((a) => a.id),
    };
  } finally {
    await chrome.kill();
  }
}

async function main() {
  if (!process.argv.includes('--no-build')) execFileSync('npm', ['run', '--silent', 'build:web'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const js = appEntryJs();
  console.log('The app\'s JavaScript, loaded after the drawn page has painted (gzip):');
  for (const f of js.files) console.log(`  ${f.file.padEnd(48)} ${(f.gzip / 1024).toFixed(1)} KB`);
  console.log(`  total ${(js.total / 1024).toFixed(1)} KB\n`);

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
      const runs: Run[] = [];
      for (let attempt = 0; runs.length < RUNS && attempt < RUNS + 3; attempt++) {
        const run = await measure(`${server.url}${p.path}`, p.signedIn ? cookie : null, `${p.name}-${runs.length + 1}`);
        // Lighthouse sometimes loses the trace (NO_NAVSTART); such a run says nothing about the page and is made again.
        if ('error' in run) console.log(`${p.name}: Lighthouse run failed (${run.error}); running it again`);
        else runs.push(run);
      }
      if (!runs.length) throw new Error(`${p.name}: no Lighthouse run succeeded`);
      runs.sort((a, b) => a.perf - b.perf);
      const median = runs[Math.floor((runs.length - 1) / 2)]!;
      rows.push([
        p.name,
        `${median.perf} (${runs.map((r) => r.perf).join(' ')})`,
        String(median.a11y),
        String(median.best),
        String(median.seo),
        `${(median.fcp / 1000).toFixed(2)} s`,
        `${(median.lcp / 1000).toFixed(2)} s`,
        `${Math.round(median.tbt)} ms`,
        median.cls.toFixed(3),
        `${(median.jsBytes / 1024).toFixed(1)} KB`,
        `${(median.jsBeforePaint / 1024).toFixed(1)} KB`,
      ]);
      if (median.failing.length) console.log(`${p.name}: failing audits: ${median.failing.join(', ')}`);
    }
    const head = ['page', `perf, median (all ${RUNS})`, 'a11y', 'best', 'seo', 'FCP', 'LCP', 'TBT', 'CLS', 'JS transferred', 'JS before paint'];
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
