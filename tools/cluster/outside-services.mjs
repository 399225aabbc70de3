// What lies outside the platform, for the cluster test: an SMTP sink that keeps every message, the fake AI provider,
// the literature fixtures and a slow forum page for the link importer. They listen on the bridge's address in the
// machine's own namespace, where the workers reach them; nothing goes beyond this machine.
import http from 'node:http';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { startFakeAi } from '../fake-ai/fake-ai-server.ts';
import { offlineAiEnv } from '../fake-ai/offline-ai-env.ts';
import { startFixtureServer } from '../literature-fixtures/fixture-server.ts';
import { decode } from '../mail/mime-text.ts';

const FORUM_PAGE = 'apps/api/src/modules/import/extractors/fixtures/forum-thread-posts.fixture.html';

/** A forum that takes `delayMs` to send each thread page (so a worker can be killed while it reads one). */
async function startSlowForum(root, host, delayMs) {
  const page = readFileSync(path.join(root, FORUM_PAGE));
  const server = http.createServer((req, res) => {
    if (req.url === '/robots.txt') return res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nAllow: /\n');
    setTimeout(() => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page), delayMs.value);
  });
  await new Promise((resolve) => server.listen(0, host, resolve));
  return { origin: `http://${host}:${server.address().port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

export async function startOutsideServices(root, host) {
  const mail = [];
  const sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        mail.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), ...decode(Buffer.concat(chunks).toString('utf8')) });
        callback();
      });
    },
  });
  await new Promise((resolve) => sink.listen(0, host, resolve));
  const fakeAi = await startFakeAi({ host, port: 0 });
  const fixtures = await startFixtureServer({ host, dir: path.join(root, 'tools/literature-fixtures/fixtures') });
  const forumDelay = { value: 0 };
  const forum = await startSlowForum(root, host, forumDelay);
  return {
    mail,
    fakeAi,
    forum: { ...forum, setDelay: (ms) => { forumDelay.value = ms; } },
    env: {
      SMTP_URL: `smtp://${host}:${sink.server.address().port}`,
      ...offlineAiEnv(fakeAi.url, fixtures.baseUrls),
      FETCH_ALLOW_HOSTS: new URL(forum.origin).host,
      FETCH_HOST_DELAY_MS: '0',
    },
    async stop() {
      await new Promise((resolve) => sink.close(resolve));
      await fakeAi.close();
      await fixtures.close();
      await forum.close();
    },
  };
}
