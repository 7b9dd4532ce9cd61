/**
 * A real SMTP server for the mail tests (smtp-server on 127.0.0.1, no TLS, no auth): it keeps
 * every message it receives, with its recipients, in a box the test reads.
 */
import { SMTPServer } from 'smtp-server';

/** A received message: its envelope recipients and its raw text. */
export interface Received {
  to: string[];
  raw: string;
}

/** An SMTP server on `port` (0: any) keeping what it receives in `box`. */
export function smtp(box: Received[], port = 0): Promise<{ server: SMTPServer; port: number }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        box.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        done();
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve({ server, port: (server.server.address() as { port: number }).port }));
  });
}

/** Closes an SMTP server of `smtp()`. */
export const closeSmtp = (server: SMTPServer) => new Promise<void>((r) => server.close(() => r()));

/** Waits until `fn` holds, checking every 100 ms; throws after `ms`. */
export async function until(fn: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await fn())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}
