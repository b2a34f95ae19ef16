/** The whole Drizzle schema, one file per module (docs/product/architecture.md §2 "db/schema/*.ts"). */
export * from './auth.js';
export * from './accounts.js';
export * from './media.js';
export * from './catalog.js';
export * from './billing.js';
export * from './playback.js';
export * from './contact.js';
export * from './admin.js';
export * from './jobs.js';
export * from './recovery.js';
export * from './site.js';
export * from './offline.js';
export * from './vouchers.js';
export * from './gifts.js';
export * from './viewing.js';
export * from './rights.js';
export * from './statements.js';
