/**
 * Test set-up shared by the recovery tests (docs/decisions/021-account-recovery.md): a real SMTP server on loopback
 * (mail), Africa's Talking's emulator (SMS) and an app configured to send through both, with PUBLIC_URL
 * https://sobanura.test so the link in a mail is known. `stop` closes all three.
 */
import { startAfricasTalkingEmulator, type AfricasTalkingEmulator } from '../providers/messaging/emulators/africastalking-emulator.js';
import { startTestApp, type DbKind, type TestApp } from './harness.js';
import { startTestSmtpServer, type TestSmtpServer } from './smtp-server.js';

export interface RecoveryTestBed {
  t: TestApp;
  smtp: TestSmtpServer;
  at: AfricasTalkingEmulator;
  stop(): Promise<void>;
}

export async function startRecoveryTestBed(kind: DbKind): Promise<RecoveryTestBed> {
  const smtp = await startTestSmtpServer();
  const at = await startAfricasTalkingEmulator({ username: 'sandbox', apiKey: 'atsk_test_key_123456' });
  const t = await startTestApp(kind, {
    workers: false,
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'Sobanura <no-reply@sobanura.test>', SMS_PROVIDER: 'africastalking', AT_USERNAME: 'sandbox', AT_API_KEY: 'atsk_test_key_123456', AT_BASE_URL: at.url, PUBLIC_URL: 'https://sobanura.test' },
  });
  return {
    t,
    smtp,
    at,
    async stop() {
      await t.stop();
      await smtp.close();
      await at.close();
    },
  };
}
