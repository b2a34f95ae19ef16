/**
 * The layer boundaries of docs/product/architecture.md §1, checked by `npm run lint` (dependency-cruiser) over src/:
 * - the client is sliced by feature, and features do not import each other: the app layer (src/web/app) composes
 *   them (docs/product/architecture.md §4.5);
 * - src/server never imports src/web, src/web never imports src/server, and src/shared imports neither
 *   (docs/product/architecture.md §2, layout; ESLint checks the first two on import strings, this on resolved files);
 * - no import cycles, type-only imports included (tsPreCompilationDeps keeps them in the graph): a type-only cycle
 *   vanishes on compilation but still ties the files together (app.ts once built the services and exported their
 *   type to the very routes it registered; docs/decisions/038-modules-declare-themselves.md).
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'features-do-not-import-features',
      severity: 'error',
      comment: 'A feature imports another feature. Compose them in src/web/app instead (docs/product/architecture.md §4.5).',
      from: { path: '^src/web/features/([^/]+)/' },
      to: { path: '^src/web/features/', pathNot: '^src/web/features/$1/' },
    },
    {
      name: 'server-does-not-import-web',
      severity: 'error',
      comment: 'src/server never imports src/web (docs/product/architecture.md §1).',
      from: { path: '^src/server/' },
      to: { path: '^src/web/' },
    },
    {
      name: 'web-does-not-import-server',
      severity: 'error',
      comment: 'src/web never imports src/server (docs/product/architecture.md §1).',
      from: { path: '^src/web/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'shared-imports-only-shared',
      severity: 'error',
      comment: 'src/shared is imported by both sides and imports neither (docs/product/architecture.md §1).',
      from: { path: '^src/shared/' },
      to: { path: '^src/(server|web)/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'This import (run-time or type-only) closes a cycle. Move what both need into a module of its own.',
      from: { path: '^src/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'], extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
  },
};
