import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { decode } from '../../../tools/mail/mime-text';

export interface ReceivedMail { to: string[]; subject: string; text: string; listUnsubscribe?: string; listUnsubscribePost?: string }

/** A real SMTP server on a random port that keeps every message it receives, for reading links out of emails. */
export interface SmtpSink {
  url: string;
  messages: ReceivedMail[];
  /** The newest message to `to` whose subject matches, waiting briefly for it. */
  waitFor(to: string, subject: RegExp): Promise<ReceivedMail>;
  to(address: string): ReceivedMail[];
  close(): Promise<void>;
}

export interface SmtpSinkOptions {
  /** A fixed port (e.g. one an app was given while no server listened on it). */
  port?: number;
  /** Holds the first message this long before accepting it (a slow mail server); a client gone by then sent nothing. */
  holdFirstMs?: number;
  /** Called when the first message's data has arrived (and is being held). */
  onFirstData?: () => void;
}

export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const closed = new Set<string>();
  let first = true;
  const server = new SMTPServer({
    onClose(session) { closed.add(session.id); },
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const accept = () => {
          if (closed.has(session.id)) return;
          messages.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), ...decode(Buffer.concat(chunks).toString('utf8')) });
          callback();
        };
        const hold = first && options.holdFirstMs;
        first = false;
        if (hold) {
          options.onFirstData?.();
          setTimeout(accept, hold);
        } else accept();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const to = (address: string) => messages.filter((m) => m.to.includes(address.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    to,
    async waitFor(address, subject) {
      // Mail goes out from the worker's queue, a moment after the request.
      for (let i = 0; i < 150; i++) {
        const found = to(address).filter((m) => subject.test(m.subject)).at(-1);
        if (found) return found;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`No email "${subject}" reached ${address}; received: ${messages.map((m) => `${m.to.join(',')}: ${m.subject}`).join('; ')}`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
