// Temporary: CPU profile of loading / with 4x CPU throttling. Not committed.
import { writeFileSync } from 'node:fs';
import { launchChromium } from './tests/e2e/support/browser.js';
import { startServer } from './tests/e2e/support/server.js';
const server = await startServer({ LOG_LEVEL: 'warn' });
const browser = await launchChromium();
try {
  for (const p of (process.argv[2] ?? '/').split(',')) {
    const ctx = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const page = await ctx.newPage();
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(server.url + p);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: any };
    writeFileSync(`/tmp/prof/${p.replace(/\W+/g, '_')}.cpuprofile`, JSON.stringify(profile));
    // self time by function and by url
    const dt: Record<number, number> = {};
    profile.samples.forEach((id: number, i: number) => (dt[id] = (dt[id] ?? 0) + (profile.timeDeltas[i] ?? 0)));
    const byFn: Record<string, number> = {};
    const byUrl: Record<string, number> = {};
    for (const n of profile.nodes) {
      const t = (dt[n.id] ?? 0) / 1000;
      const k = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}:${n.callFrame.columnNumber}`;
      byFn[k] = (byFn[k] ?? 0) + t;
      const u = n.callFrame.url.split('/').pop() || n.callFrame.functionName;
      byUrl[u] = (byUrl[u] ?? 0) + t;
    }
    console.log('==', p);
    console.log(Object.entries(byUrl).sort((a, b) => b[1] - a[1]).slice(0, 12).map(([k, v]) => `  ${v.toFixed(0)} ms ${k}`).join('\n'));
    console.log(Object.entries(byFn).sort((a, b) => b[1] - a[1]).slice(0, 30).map(([k, v]) => `  ${v.toFixed(0)} ms ${k}`).join('\n'));
    await ctx.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
