/**
 * The system module (docs/decisions/038-modules-declare-themselves.md): health and readiness, /metrics and the
 * command line's access to a running server (system.routes.ts). No services of its own.
 */
import type { ServerModule } from '../module-kit.js';
import { systemRoutes } from './system.routes.js';

export const systemModule: ServerModule = {
  name: 'system',
  async routes({ app, config, db, services, metrics, cliToken }) {
    await app.register(
      systemRoutes({
        media: services.media,
        cliToken,
        services,
        executeSql: db.executeSql,
        storage: services.storage,
        metrics,
        metricsToken: config.metricsToken,
        database: { kind: db.kind, dir: config.databaseUrl ? null : config.pgliteDir, url: config.databaseUrl, dumpDataDir: db.dumpDataDir },
      }),
    );
  },
};
