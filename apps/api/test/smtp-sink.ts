import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail { to: string[]; subject: string; text: string }

/** A real SMTP server on a random port that keeps every message it receives, for reading links out of emails. */
export interface SmtpSink {
  url: string;
  messages: ReceivedMail[];
  /** The newest message to `to` whose subject matches, waiting briefly for it. */
  waitFor(to: string, subject: RegExp): Promise<ReceivedMail>;
  to(address: string): ReceivedMail[];
  close(): Promise<void>;
}

function decode(raw: string): { subject: string; text: string } {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = head.replace(/\r?\n\s+/g, ' ');
  const subject = /^Subject: (.*)$/im.exec(headers)?.[1] ?? '';
  let text = rest.join('\n\n');
  if (/Content-Transfer-Encoding: quoted-printable/i.test(headers)) {
    text = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  } else if (/Content-Transfer-Encoding: base64/i.test(headers)) {
    text = Buffer.from(text.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  return { subject, text: text.replace(/\r\n/g, '\n') };
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        messages.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), ...decode(Buffer.concat(chunks).toString('utf8')) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const to = (address: string) => messages.filter((m) => m.to.includes(address.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    to,
    async waitFor(address, subject) {
      for (let i = 0; i < 50; i++) {
        const found = to(address).filter((m) => subject.test(m.subject)).at(-1);
        if (found) return found;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`No email "${subject}" reached ${address}; received: ${messages.map((m) => `${m.to.join(',')}: ${m.subject}`).join('; ')}`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
