import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes reviewed SQL migrations from the schema; the server applies them at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/index.ts',
  out: './src/server/db/migrations',
});
