/**
 * Verifies a signed-in user's profile phone through the real routes (docs/decisions/021-account-recovery.md, amended
 * 2026-11-28): POST /api/accounts/phone/verification, then the code read from the SMS just sent
 * (`lastSmsText`: the emulator's or the outbox's newest SMS), then POST /api/accounts/phone/verify.
 */
import { expect } from 'vitest';
import type { BuiltApp } from '../app.js';

let seq = 1;

export async function verifyPhoneByCode(t: BuiltApp, cookie: string, lastSmsText: () => Promise<string> | string): Promise<void> {
  const remoteAddress = `10.77.${Math.floor(seq / 250)}.${(seq++ % 250) + 1}`;
  const sent = await t.app.inject({ method: 'POST', url: '/api/accounts/phone/verification', headers: { cookie }, payload: {}, remoteAddress });
  expect(sent.statusCode, sent.body).toBe(202);
  const code = /\b(\d{6})\b/.exec(await lastSmsText())![1]!;
  const done = await t.app.inject({ method: 'POST', url: '/api/accounts/phone/verify', headers: { cookie }, payload: { code }, remoteAddress });
  expect(done.statusCode, done.body).toBe(200);
  expect(done.json().profile.phoneVerified).toBe(true);
}
