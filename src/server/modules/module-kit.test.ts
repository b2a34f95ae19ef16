/**
 * The module registry (docs/decisions/038-modules-declare-themselves.md): services are built in the order of what
 * they need, a missing, doubled or cyclic dependency is refused at start with a clear error, a build cannot use a
 * service it did not declare, and a worker builds only what its jobs need.
 */
import { describe, expect, it } from 'vitest';
import { SERVER_MODULES } from './index.js';
import { buildServices, jobNeeds, ModuleGraphError, planServices, queuesOf, type ModuleContext, type ServerModule, type ServiceDeclaration } from './module-kit.js';

/** A module providing `provides` from `needs`, whose build records the order. */
const mod = (name: string, provides: string[], needs: string[] = [], built: string[] = []): ServerModule => ({
  name,
  services: [
    {
      provides,
      needs,
      build: (_ctx: ModuleContext, deps: Record<string, unknown>) => {
        for (const n of needs) void deps[n];
        built.push(name);
        return Object.fromEntries(provides.map((p) => [p, { from: name }]));
      },
    } as unknown as ServiceDeclaration,
  ],
});
const ctx = {} as ModuleContext;
const names = (modules: readonly ServerModule[], wanted?: string[]) => planServices(modules, wanted as never).flatMap((p) => p.decl.provides);

describe('module registry', () => {
  it('builds each service after what it needs, whatever the order of the list', () => {
    const built: string[] = [];
    const services = buildServices(planServices([mod('c', ['c'], ['b'], built), mod('a', ['a'], [], built), mod('b', ['b'], ['a'], built)]), ctx) as unknown as Record<string, unknown>;
    expect(built).toEqual(['a', 'b', 'c']);
    expect(Object.keys(services).sort()).toEqual(['a', 'b', 'c']);
  });

  it('refuses a service nobody provides, naming who needs it', () => {
    expect(() => planServices([mod('billing', ['billing'], ['site'])])).toThrow(ModuleGraphError);
    expect(() => planServices([mod('billing', ['billing'], ['site'])])).toThrow('service "billing" of module "billing" needs service "site", which no module provides');
  });

  it('refuses a cycle, naming its path', () => {
    expect(() => planServices([mod('a', ['a'], ['b']), mod('b', ['b'], ['c']), mod('c', ['c'], ['a'])])).toThrow('services need each other in a cycle: a → b → c → a');
  });

  it('refuses a service provided by two modules', () => {
    expect(() => planServices([mod('a', ['x']), mod('b', ['x'])])).toThrow('service "x" is provided by module "a" and by module "b"');
  });

  it('refuses a build that reads a service it did not declare', () => {
    const sneaky: ServerModule = { name: 'sneaky', services: [{ provides: ['y'], needs: [], build: (_c: ModuleContext, deps: Record<string, unknown>) => ({ y: deps.x }) } as unknown as ServiceDeclaration] };
    expect(() => buildServices(planServices([mod('a', ['x']), sneaky]), ctx)).toThrow('module "sneaky" builds y with service "x", which it does not declare in needs');
  });

  it('builds only what is wanted, and what that needs', () => {
    expect(names([mod('a', ['a']), mod('b', ['b'], ['a']), mod('c', ['c'])], ['b'])).toEqual(['a', 'b']);
  });
});

describe('the modules of Sobanura', () => {
  it('form a graph that builds (nothing missing, nothing cyclic)', () => {
    expect(() => planServices(SERVER_MODULES)).not.toThrow();
  });

  it('give the worker role only the services its jobs run: no route-only services', () => {
    const worker = new Set(names(SERVER_MODULES, jobNeeds(SERVER_MODULES, 'worker')));
    expect([...worker].sort()).toEqual(['catalogStatistics', 'downloads', 'media', 'sources', 'storage']);
    for (const routeOnly of ['auth', 'accounts', 'playback', 'signer', 'site', 'billing', 'catalog', 'hub', 'admin', 'recovery', 'offline', 'progress']) expect(worker.has(routeOnly as never)).toBe(false);
  });

  it('give a web instance the billing jobs and their services', () => {
    expect(jobNeeds(SERVER_MODULES, 'web')).toEqual(['billing']);
    expect(names(SERVER_MODULES, jobNeeds(SERVER_MODULES, 'web'))).toEqual(expect.arrayContaining(['billingRepo', 'site', 'billing']));
  });

  it('declare every queue once', () => {
    const queues = queuesOf(SERVER_MODULES);
    expect(queues.sort()).toEqual(['catalog-statistics', 'expire-passes', 'reconcile-payments', 'remux-download', 'transcode-video'].sort());
  });
});

describe('createServices', () => {
  it('builds, for the worker role, only the services its jobs run (built, not just planned)', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const { loadConfig } = await import('../config.js');
    const { createServices } = await import('./index.js');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sobanura-modules-'));
    try {
      const config = loadConfig({ DATA_DIR: dir, SOBANURA_ROLE: 'worker', DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
      const log = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {}, child: () => log, level: 'info', silent() {} };
      const built: ModuleContext = { config, db: { db: {}, kind: 'postgres' } as never, transcoder: {} as never, queue: { send: async () => null } as never, log: log as never };
      const services = createServices(built, { jobsOnly: 'worker' });
      expect(Object.keys(services).sort()).toEqual(['catalogStatistics', 'downloads', 'media', 'sources', 'storage']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
