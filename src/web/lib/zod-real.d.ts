// The zod package under the name the browser build gives it (vite.config.ts; see zod-jitless.ts).
declare module 'zod-real' {
  export * from 'zod';
  export { z, z as default } from 'zod';
}
