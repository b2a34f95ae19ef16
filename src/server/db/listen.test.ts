/**
 * LISTEN survives a dropped connection on PostgreSQL (DbHandle.listen): after the server ends the listening
 * backend (as a restart or failover does), the handle listens again, calls onReconnect, and receives later
 * notifications. PostgreSQL only: an embedded PGlite is owned by one process and cannot drop its connection.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { openDatabase, type DbHandle } from './client.js';

const url = process.env.TEST_DATABASE_URL;

async function until(check: () => boolean, ms = 15_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.skipIf(!url)('LISTEN on PostgreSQL', () => {
  let handle: DbHandle;
  let admin: pg.Client;
  const channel = `listen_test_${randomUUID().replaceAll('-', '')}`;

  beforeAll(async () => {
    handle = await openDatabase({ url: url! });
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
    await handle.close();
  });

  it('listens again after the server ends its connection, and says so', async () => {
    const payloads: string[] = [];
    let reconnects = 0;
    const unlisten = await handle.listen(channel, (p) => payloads.push(p), () => reconnects++);

    await admin.query(`select pg_notify($1, 'before')`, [channel]);
    await until(() => payloads.includes('before'));

    const killed = await admin.query(
      `select pg_terminate_backend(pid) as ok from pg_stat_activity where query ilike $1 and pid <> pg_backend_pid()`,
      [`%LISTEN%${channel}%`],
    );
    expect(killed.rows.length).toBe(1);
    await until(() => reconnects === 1);

    await admin.query(`select pg_notify($1, 'after')`, [channel]);
    await until(() => payloads.includes('after'));
    expect(payloads).toEqual(['before', 'after']);

    await unlisten();
    await admin.query(`select pg_notify($1, 'unheard')`, [channel]);
    await new Promise((r) => setTimeout(r, 300));
    expect(payloads).not.toContain('unheard');
  });

  it('fails at once when the first LISTEN cannot be issued', async () => {
    await expect(handle.listen('', () => {})).rejects.toThrow();
  });
});
