// A real SMTP server for the end-to-end run: every message the API sends is saved as JSON in E2E_MAIL_DIR,
// where the tests read verification and reset links.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

function decode(raw) {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = head.replace(/\r?\n\s+/g, ' ');
  const subject = /^Subject: (.*)$/im.exec(headers)?.[1] ?? '';
  let text = rest.join('\n\n');
  if (/Content-Transfer-Encoding: quoted-printable/i.test(headers)) {
    text = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
  } else if (/Content-Transfer-Encoding: base64/i.test(headers)) {
    text = Buffer.from(text.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  return { subject, text: text.replace(/\r\n/g, '\n') };
}

export async function startSmtpSink(port, mailDir) {
  mkdirSync(mailDir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        const message = { to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), receivedAt: Date.now(), ...decode(Buffer.concat(chunks).toString('utf8')) };
        writeFileSync(path.join(mailDir, `${String(++count).padStart(5, '0')}.json`), JSON.stringify(message));
        callback();
      });
    },
  });
  await new Promise((resolve, reject) => { server.on('error', reject); server.listen(port, '127.0.0.1', resolve); });
  return server;
}
