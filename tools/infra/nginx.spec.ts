/**
 * The web image's nginx (docker/web.nginx.conf) against the API: every answer carries the security headers the API
 * sends in production, exactly, and a document the signed-in hint cookie picks says Vary: Cookie, as the API does.
 */
import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { registerSecurityHeaders } from '../../apps/api/src/common/security/security-headers';
import { parseDockerfile } from './dockerfile';
import { effectiveHeaders, expandIncludes, NginxDirective, parseNginx } from './nginx';

const ROOT = path.resolve(__dirname, '..', '..');
const read = (rel: string): string => fs.readFileSync(path.join(ROOT, rel), 'utf8');

/** Image path -> repository file, from the COPY lines of the web image's last stage. */
function copiedFiles(): Map<string, string> {
  const stages = parseDockerfile(read('docker/web.Dockerfile'));
  const copies = stages[stages.length - 1]!.instructions.filter((i) => i.keyword === 'COPY' && !i.args.startsWith('--from'));
  return new Map(copies.map((i) => i.args.split(/\s+/)).map(([from, to]) => [to!, from!]));
}

/** What the API sends on every answer in production, less the answer's own (type, length, date, connection). */
async function apiSecurityHeaders(): Promise<Map<string, string>> {
  const app = Fastify();
  await registerSecurityHeaders(app, true);
  app.get('/', async () => 'x');
  const res = await app.inject('/');
  await app.close();
  const own = new Set(['content-type', 'content-length', 'date', 'connection']);
  return new Map(Object.entries(res.headers).filter(([name]) => !own.has(name)).map(([name, value]) => [name, String(value)]));
}

describe('the web image nginx', () => {
  const files = copiedFiles();
  const confFile = [...files.entries()].find(([to]) => to.startsWith('/etc/nginx/conf.d/'))?.[1];
  const readImageFile = (imagePath: string) => {
    const file = files.get(imagePath);
    if (!file) throw new Error(`nginx includes ${imagePath}, which docker/web.Dockerfile does not copy into the image`);
    return read(file);
  };
  const conf = expandIncludes(parseNginx(read(confFile!)), readImageFile);
  const server = conf.find((d) => d.name === 'server')!.block!;
  const serverHeaders = effectiveHeaders(server);
  const locations = server.filter((d) => d.name === 'location');
  const where = (location: NginxDirective) => `location ${location.args.join(' ')}`;

  it('is the conf.d file of the image, with a server and its locations', () => {
    expect(confFile).toBe('docker/web.nginx.conf');
    expect(locations.length).toBeGreaterThan(3);
  });

  it("sends the API's security headers, exactly, on every answer (CSP with frame-ancestors, Referrer-Policy, ...)", async () => {
    const expected = await apiSecurityHeaders();
    expect([...expected.keys()]).toEqual(expect.arrayContaining(['content-security-policy', 'referrer-policy', 'x-frame-options', 'strict-transport-security']));
    expect(expected.get('content-security-policy')).toContain("frame-ancestors 'none'");
    for (const [scope, headers] of [['server', serverHeaders], ...locations.map((l) => [where(l), effectiveHeaders(l.block!, serverHeaders)] as const)] as const) {
      const sent = Object.fromEntries([...expected.keys()].map((name) => [name, headers.get(name)]));
      // `always`: error answers (404s included) carry them too.
      expect({ scope, sent }).toEqual({ scope, sent: Object.fromEntries([...expected].map(([name, value]) => [name, [{ value, always: true }]])) });
    }
  });

  it('says Vary: Cookie wherever the signed-in hint cookie picks the document, for every document it may pick', () => {
    const maps = conf.filter((d) => d.name === 'map');
    const cookieVariables = maps.filter((m) => m.args[0]!.startsWith('$cookie_')).map((m) => m.args[1]!);
    expect(cookieVariables).toContain('$public_page_suffix');
    const dependsOnCookie = (location: NginxDirective) =>
      location.block!.some((d) => d.args.some((a) => a.includes('$cookie_') || cookieVariables.some((v) => a.includes(v))));
    const picked = locations.filter(dependsOnCookie);
    expect(picked.map(where)).toEqual([
      'location = /', 'location ~ ^/disclaimers/?$', 'location ~ ^/admin/login/?$', 'location ~ ^/forgot-password/?$', 'location ~ ^/reset-password/?$',
    ]);
    for (const location of picked) {
      const vary = effectiveHeaders(location.block!, serverHeaders).get('vary') ?? [];
      expect({ at: where(location), vary }).toEqual({ at: where(location), vary: [{ value: 'Cookie', always: true }] });
      // Every document is served from this location: a fallback URI would be an internal redirect to another location,
      // whose headers (no Vary) would go out instead.
      const tryFiles = location.block!.find((d) => d.name === 'try_files')!;
      expect({ at: where(location), last: tryFiles.args.at(-1) }).toEqual({ at: where(location), last: '=404' });
    }
  });
});

describe('parseNginx', () => {
  it('reads blocks, quoted arguments and comments, and keeps add_header inheritance as nginx does', () => {
    const conf = parseNginx(`
      # comment { ; }
      map $cookie_x $y { "" ".html"; default ".other"; }
      server {
        add_header A "1; 2" always;
        location ~ "\\.[0-9]{8,}$" { try_files $uri =404; }
        location / { add_header B 'b'; }
      }`);
    expect(conf[0]).toEqual({ name: 'map', args: ['$cookie_x', '$y'], block: [{ name: '', args: ['.html'], block: null }, { name: 'default', args: ['.other'], block: null }] });
    const server = conf[1]!.block!;
    const inherited = effectiveHeaders(server);
    expect(inherited.get('a')).toEqual([{ value: '1; 2', always: true }]);
    expect(server[1]!.args).toEqual(['~', '\\.[0-9]{8,}$']);
    expect(effectiveHeaders(server[1]!.block!, inherited).get('a')).toBeDefined();
    expect(effectiveHeaders(server[2]!.block!, inherited).get('a')).toBeUndefined();
    expect(() => parseNginx('server { listen 80;')).toThrow('ends inside');
  });
});
