/**
 * runTool's process hygiene: a tool dies with the Node process that started it (setpriv --pdeathsig, prctl(2)),
 * killRunningTools ends every running tool, and a missing tool is still a MediaToolsMissingError.
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { deathSignalLauncher, findExecutable, killRunningTools, runningToolCount, runTool } from './run-tool.js';
import { MediaToolsMissingError } from './transcoder.js';

const RUN_TOOL = path.join(path.dirname(fileURLToPath(import.meta.url)), 'run-tool.ts');
const isLinux = process.platform === 'linux';

/** Whether `pid` is a live process: a zombie (exited, not reaped yet) counts as gone. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ESRCH') return false;
    throw err;
  }
  try {
    // /proc/<pid>/stat: "pid (comm) state ..."; state Z is a zombie, X dead.
    const state = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '')[0];
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}

async function waitFor(check: () => boolean, what: string, seconds = 10): Promise<void> {
  const until = Date.now() + seconds * 1000;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Starts a Node process that runs `script` (an ES module, with tsx so it can import run-tool.ts) and resolves with
 * the process and the pid it prints as "PID <n>" on stdout.
 */
async function startParent(script: string): Promise<{ parentPid: number; toolPid: number; exited: Promise<unknown> }> {
  const parent = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise((r) => parent.once('exit', r));
  const toolPid = await new Promise<number>((resolve, reject) => {
    let out = '';
    parent.stdout.setEncoding('utf8');
    parent.stdout.on('data', (text: string) => {
      out += text;
      const m = /PID (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    parent.once('exit', (code) => reject(new Error(`parent exited (${code}) before printing a pid: ${out}`)));
  });
  return { parentPid: parent.pid!, toolPid, exited };
}

describe('runTool and the death of its parent', () => {
  const strays: number[] = [];
  afterEach(() => {
    for (const pid of strays.splice(0)) if (alive(pid)) process.kill(pid, 'SIGKILL');
  });

  it.runIf(isLinux)('finds setpriv with --pdeathsig on Linux', async () => {
    expect(await deathSignalLauncher()).toMatch(/\/setpriv$/);
  });

  it.runIf(isLinux)('a tool started by runTool dies when its Node process is killed with SIGKILL', async () => {
    const script = `import { runTool } from ${JSON.stringify(RUN_TOOL)};
      runTool('sleep', 'sleep', ['60'], { onSpawn: (pid) => console.log('PID ' + pid) });`;
    const { parentPid, toolPid, exited } = await startParent(script);
    strays.push(toolPid);
    await waitFor(() => readFileSync(`/proc/${toolPid}/comm`, 'utf8').trim() === 'sleep', 'setpriv to exec sleep');
    expect(alive(toolPid)).toBe(true);
    process.kill(parentPid, 'SIGKILL');
    await exited;
    await waitFor(() => !alive(toolPid), 'the orphaned sleep to die');
    expect(alive(toolPid)).toBe(false);
  });

  it.runIf(isLinux)('ffmpeg reading an endless source dies with its Node process too', async () => {
    const script = `import { runTool } from ${JSON.stringify(RUN_TOOL)};
      runTool('ffmpeg', 'ffmpeg', ['-nostdin', '-v', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc', '-f', 'null', '-'], { onSpawn: (pid) => console.log('PID ' + pid) });`;
    const { parentPid, toolPid, exited } = await startParent(script);
    strays.push(toolPid);
    await waitFor(() => readFileSync(`/proc/${toolPid}/comm`, 'utf8').trim() === 'ffmpeg', 'setpriv to exec ffmpeg');
    process.kill(parentPid, 'SIGKILL');
    await exited;
    await waitFor(() => !alive(toolPid), 'the orphaned ffmpeg to die');
  });

  it.runIf(isLinux)('control: a child spawned plainly survives the same kill (what the test above guards against)', async () => {
    const script = `import { spawn } from 'node:child_process';
      const c = spawn('sleep', ['60'], { stdio: 'ignore' }); console.log('PID ' + c.pid);`;
    const { parentPid, toolPid, exited } = await startParent(script);
    strays.push(toolPid);
    process.kill(parentPid, 'SIGKILL');
    await exited;
    await new Promise((r) => setTimeout(r, 500));
    expect(alive(toolPid)).toBe(true);
  });
});

describe('killRunningTools', () => {
  it('ends a running tool with SIGTERM and waits for it', async () => {
    let pid = 0;
    const run = runTool('sleep', 'sleep', ['60'], { onSpawn: (p) => (pid = p) });
    await waitFor(() => pid > 0, 'sleep to start');
    expect(runningToolCount()).toBe(1);
    await killRunningTools();
    expect(alive(pid)).toBe(false);
    expect(runningToolCount()).toBe(0);
    expect(await run).toMatchObject({ code: null, signal: 'SIGTERM' });
  });

  it('sends SIGKILL to a tool that ignores the first signal, after the grace period', async () => {
    let ready = false;
    const script = "process.on('SIGTERM', () => {}); console.log('ready'); setInterval(() => {}, 1000);";
    const run = runTool('node', process.execPath, ['-e', script], { onStdout: () => (ready = true) });
    await waitFor(() => ready, 'node to install its SIGTERM handler');
    await killRunningTools('SIGTERM', 0.5);
    expect(await run).toMatchObject({ code: null, signal: 'SIGKILL' });
    expect(runningToolCount()).toBe(0);
  });

  it('resolves at once when nothing runs', async () => {
    expect(runningToolCount()).toBe(0);
    await expect(killRunningTools()).resolves.toBeUndefined();
  });
});

describe('runTool time limit', () => {
  it('kills a tool that runs past timeoutSeconds and reports it as timed out', async () => {
    let pid = 0;
    const run = await runTool('sleep', 'sleep', ['60'], { timeoutSeconds: 0.3, onSpawn: (p) => (pid = p) });
    expect(run).toMatchObject({ timedOut: true, code: null, signal: 'SIGKILL' });
    expect(alive(pid)).toBe(false);
    expect(runningToolCount()).toBe(0);
  });

  it('ends even when the killed tool left a child holding its output pipes', async () => {
    // sh is killed; its sleep keeps stdout and stderr open, which would hold 'close' back for a minute.
    const run = await runTool('sh', 'sh', ['-c', 'sleep 60; echo never'], { timeoutSeconds: 0.3, collectStdout: true });
    expect(run.timedOut).toBe(true);
    expect(run.stdout.toString()).toBe('');
  });

  it('leaves a tool that ends in time alone', async () => {
    expect(await runTool('sh', 'sh', ['-c', 'exit 3'], { timeoutSeconds: 30 })).toMatchObject({ timedOut: false, code: 3 });
  });
});

describe('runTool errors', () => {
  it('rejects with MediaToolsMissingError when the binary is missing, by path or by name', async () => {
    await expect(runTool('ffmpeg', '/nonexistent/ffmpeg', ['-version'])).rejects.toBeInstanceOf(MediaToolsMissingError);
    await expect(runTool('ffprobe', 'no-such-tool-sobanura', ['-version'])).rejects.toBeInstanceOf(MediaToolsMissingError);
    expect(runningToolCount()).toBe(0);
  });

  it('rejects with the spawn error, not MediaToolsMissingError, for a file that is not executable', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'run-tool-'));
    try {
      const file = path.join(dir, 'ffmpeg');
      writeFileSync(file, '#!/bin/sh\n');
      chmodSync(file, 0o644);
      const err = await runTool('ffmpeg', file, []).then(() => null, (e: unknown) => e);
      expect(err).toBeInstanceOf(Error);
      expect(err).not.toBeInstanceOf(MediaToolsMissingError);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reports the exit code and stderr tail of a tool that fails', async () => {
    const run = await runTool('ffmpeg', 'ffmpeg', ['-v', 'error', '-i', '/nonexistent/input.mp4']);
    expect(run.code).not.toBe(0);
    expect(run.stderrTail.join('\n')).toMatch(/No such file/);
  });

  it('findExecutable looks names up on PATH and paths relative to cwd', async () => {
    expect(await findExecutable('sh')).toMatch(/\/sh$/);
    expect(await findExecutable('./sh', '/bin')).toBe('/bin/sh');
    expect(await findExecutable('no-such-tool-sobanura')).toBeNull();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'run-tool-'));
    try {
      writeFileSync(path.join(dir, 'plain'), 'not a program', { mode: 0o644 });
      expect(await findExecutable(path.join(dir, 'plain'))).toBeNull();
      expect(await findExecutable(dir)).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
