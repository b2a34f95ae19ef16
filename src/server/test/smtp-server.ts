/**
 * A real SMTP server on loopback for the tests (the `smtp-server` package), which checks the client's credentials
 * and parses every mail it receives with `mailparser`. No TLS (loopback only); AUTH is allowed in clear there.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtpServer {
  /** `smtp://user:pass@127.0.0.1:<port>` */
  url: string;
  /** Mails received, oldest first, with the envelope's recipients. */
  mails: (ParsedMail & { rcptTo: string[] })[];
  close(): Promise<void>;
}

export async function startTestSmtpServer(creds = { user: 'mailer', pass: 'mail-secret-1' }): Promise<TestSmtpServer> {
  const mails: TestSmtpServer['mails'] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === creds.user && auth.password === creds.pass) cb(null, { user: auth.username });
      else cb(new Error('Invalid username or password'));
    },
    onData(stream, session, cb) {
      simpleParser(stream).then(
        (m) => {
          mails.push(Object.assign(m, { rcptTo: session.envelope.rcptTo.map((r) => r.address) }));
          cb();
        },
        (err: Error) => cb(err),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://${creds.user}:${creds.pass}@127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
