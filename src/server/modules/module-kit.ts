/**
 * How a server module declares itself (docs/decisions/038-modules-declare-themselves.md): each module of
 * src/server/modules/<module>/ has one `<module>.module.ts` exporting a `ServerModule` — its name, the services it
 * builds (each with the services of other modules it needs), its routes and its jobs (queues with their payload
 * contract and retry policy, and the role that works them). src/server/modules/index.ts lists the modules;
 * `planServices` orders the services by what they need, and app.ts, worker.ts and jobs/register-jobs.ts loop over
 * the list. Nothing here knows a module by name.
 */
import type { FastifyInstance } from 'fastify';
import type PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { Config } from '../config.js';
import type { DbHandle, ExecuteSql } from '../db/client.js';
import type { JobQueue } from '../jobs/queue.js';
import type { HeartbeatOptions } from '../jobs/job-heartbeat.js';
import type { CounterStore } from '../lib/rate-counters.js';
import type { RedisClient } from '../lib/redis.js';
import type { Metrics } from '../plugins/metrics.js';
import type { Transcoder } from '../providers/transcoder/transcoder.js';
import type { BrowseOptions } from './catalog/browse-module.js';
import type { Services } from '../services.js';

export type ServiceName = keyof Services;
/** Which processes work a job: `web` (web instances and the embedded `all`) or `worker` (workers and `all`); ADR 016. */
export type JobRole = 'web' | 'worker';
export type ProcessRole = 'all' | 'web' | 'worker';

/** What every service is built from: the process's configuration, database, transcoder and job queue. */
export interface ModuleContext {
  config: Config;
  db: DbHandle;
  transcoder: Transcoder;
  queue: JobQueue;
  log: FastifyInstance['log'];
  browse?: BrowseOptions;
  /** Called when a storage operation fails (the storage-errors counter). */
  onStorageError?: (op: string, err: unknown) => void;
  /** Called with the seconds a ladder took (the transcode-duration histogram). */
  onTranscoded?: (seconds: number) => void;
  /** Where the recovery limits count (ADR 021); default: this process's memory. */
  counters?: CounterStore;
}

/** One or more services built together (`provides`), from the services of `needs` (which must be declared). */
export interface ServiceDeclaration {
  provides: readonly ServiceName[];
  needs: readonly ServiceName[];
  build(ctx: ModuleContext, deps: Services): Partial<Services>;
}

/** Declares services with their types checked: `build` must return every service named in `provides`. */
export function provide<K extends ServiceName>(decl: { provides: readonly K[]; needs: readonly ServiceName[]; build(ctx: ModuleContext, deps: Services): Pick<Services, K> }): ServiceDeclaration {
  return decl;
}

/** What a module's routes are registered with (app.ts). */
export interface RouteContext {
  app: FastifyInstance;
  config: Config;
  db: DbHandle;
  services: Services;
  /** Redis when REDIS_URL is set (rate limits, upload locks across instances; ADR 016, ADR 018). */
  redis: RedisClient | null;
  /** The address-independent limits' store (ADR 018). */
  counters: CounterStore;
  metrics: Metrics;
  cliToken?: string;
  browse?: BrowseOptions;
  /** Runs `fn` when the app closes, after the HTTP server stopped (before the queue stops). */
  onClose(fn: () => Promise<void>): void;
}

/** A queue of a module: its name, its payload's contract and the retry policy its senders give it (pg-boss options). */
export interface QueueDeclaration {
  name: string;
  payload: z.ZodType;
  retry: { limit: number; delaySeconds?: number };
}

/** What a job's worker is started with. */
export interface JobContext {
  boss: PgBoss;
  services: Services;
  executeSql: ExecuteSql;
  dbKind: 'pglite' | 'postgres';
  heartbeat?: HeartbeatOptions;
  withLock?: <T>(key: number, fn: () => Promise<T>) => Promise<T>;
  log: { info(o: object, m: string): void };
}

/** Jobs of a module: its queues, the role that works them, the services the workers use and how they start. */
export interface JobDeclaration {
  queues: readonly QueueDeclaration[];
  role: JobRole;
  needs: readonly ServiceName[];
  /** Starts the workers of these queues; the handle stops their timers (pg-boss's own workers stop with `boss.stop`). */
  start(ctx: JobContext): Promise<{ stop(): Promise<void> } | void>;
}

export interface ServerModule {
  name: string;
  services?: readonly ServiceDeclaration[];
  /** Registers the module's routes; called in the order of the module list (src/server/modules/index.ts). */
  routes?(ctx: RouteContext): Promise<void>;
  jobs?: readonly JobDeclaration[];
}

/** A module list that cannot be built: a service needed that no module provides, one provided twice, or a cycle. */
export class ModuleGraphError extends Error {
  override name = 'ModuleGraphError';
}

/** Whether a process of `role` works jobs of `jobRole`. */
export const works = (role: ProcessRole, jobRole: JobRole): boolean => role === 'all' || role === jobRole;

/**
 * The service declarations to build, in an order where each comes after what it needs: all of them when `wanted`
 * is omitted, else only those `wanted` needs, directly or not.
 * @throws ModuleGraphError naming the module and service, for a service provided twice, a needed service no module
 *   provides, or a cycle (with its path).
 */
export function planServices(modules: readonly ServerModule[], wanted?: Iterable<ServiceName>): { decl: ServiceDeclaration; module: string }[] {
  const provider = new Map<ServiceName, { decl: ServiceDeclaration; module: string }>();
  for (const m of modules) {
    for (const decl of m.services ?? []) {
      for (const name of decl.provides) {
        const other = provider.get(name);
        if (other) throw new ModuleGraphError(`service "${name}" is provided by module "${other.module}" and by module "${m.name}"`);
        provider.set(name, { decl, module: m.name });
      }
    }
  }
  const order: { decl: ServiceDeclaration; module: string }[] = [];
  const done = new Set<ServiceDeclaration>();
  const visiting: ServiceName[] = [];
  const visit = (name: ServiceName, neededBy: string) => {
    const p = provider.get(name);
    if (!p) throw new ModuleGraphError(`${neededBy} needs service "${name}", which no module provides`);
    if (done.has(p.decl)) return;
    const at = visiting.findIndex((v) => p.decl.provides.includes(v));
    if (at >= 0) throw new ModuleGraphError(`services need each other in a cycle: ${[...visiting.slice(at), name].join(' → ')}`);
    visiting.push(name);
    for (const need of p.decl.needs) visit(need, `service "${name}" of module "${p.module}"`);
    visiting.pop();
    done.add(p.decl);
    order.push(p);
  };
  for (const name of wanted ?? provider.keys()) visit(name, 'this process');
  return order;
}

/**
 * Builds the services `plan` lists, in its order. Each build sees only the services it declared it needs: reading
 * another throws, so a declaration cannot silently fall out of date.
 * @throws Error when a build reads a service it did not declare, or returns without one it provides.
 */
export function buildServices(plan: readonly { decl: ServiceDeclaration; module: string }[], ctx: ModuleContext): Services {
  const built: Partial<Services> = {};
  for (const { decl, module } of plan) {
    const allowed = new Set<PropertyKey>(decl.needs);
    const deps = new Proxy(built, {
      get(target, key) {
        if (!allowed.has(key)) throw new ModuleGraphError(`module "${module}" builds ${decl.provides.join(', ')} with service "${String(key)}", which it does not declare in needs`);
        return target[key as ServiceName];
      },
    }) as Services;
    const out = decl.build(ctx, deps);
    for (const name of decl.provides) {
      if (!(name in out)) throw new ModuleGraphError(`module "${module}" declares service "${name}" but does not build it`);
    }
    Object.assign(built, out);
  }
  return built as Services;
}

/** Every queue the modules declare (created at start whatever the role, so a job sent waits for its worker). */
export const queuesOf = (modules: readonly ServerModule[]): string[] => modules.flatMap((m) => (m.jobs ?? []).flatMap((j) => j.queues.map((q) => q.name)));

/** The services the jobs a process of `role` works need. */
export const jobNeeds = (modules: readonly ServerModule[], role: ProcessRole): ServiceName[] => [
  ...new Set(modules.flatMap((m) => (m.jobs ?? []).filter((j) => works(role, j.role)).flatMap((j) => j.needs))),
];
