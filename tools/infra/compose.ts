/** Readers for the parts of a Compose file the manifest test compares, in each of Compose's spellings. */

export interface ComposeHealthcheck {
  test?: string | string[];
  disable?: boolean;
}

export interface ComposeService {
  image?: string;
  build?: string | { context?: string; dockerfile?: string; target?: string };
  command?: string | string[];
  environment?: Record<string, string | number | boolean | null> | string[];
  ports?: Array<string | number | { target: number; published?: string | number; host_ip?: string }>;
  healthcheck?: ComposeHealthcheck;
  depends_on?: string[] | Record<string, { condition?: string }>;
  stop_grace_period?: string;
  profiles?: string[];
  volumes?: Array<string | { target: string }>;
}

export interface ComposeFile {
  name?: string;
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}

/** `environment:` as a map or as a list of `KEY=value`; a bare `KEY` (taken from the host) maps to null. */
export function composeEnvironment(service: ComposeService): Record<string, string | null> {
  const env = service.environment;
  if (!env) return {};
  if (Array.isArray(env)) {
    return Object.fromEntries(
      env.map((entry) => {
        const eq = entry.indexOf('=');
        return eq < 0 ? [entry, null] : [entry.slice(0, eq), entry.slice(eq + 1)];
      }),
    );
  }
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === null ? null : String(v)]));
}

/** A command in either form, as words (the string form is split on blanks, as Compose does without quotes). */
export function commandWords(command: string | string[] | undefined): string[] {
  if (command === undefined) return [];
  return Array.isArray(command) ? command : command.trim().split(/\s+/);
}

export interface PortMapping {
  hostIp: string | null;
  published: number | null;
  target: number;
}

/** `ports:` entries: "8080", "8080:8080", "127.0.0.1:3306:3306/tcp", or the long form. Ranges are not supported. */
export function parsePort(entry: string | number | { target: number; published?: string | number; host_ip?: string }): PortMapping {
  if (typeof entry === 'object') {
    return { hostIp: entry.host_ip ?? null, published: entry.published === undefined ? null : Number(entry.published), target: Number(entry.target) };
  }
  const text = String(entry).replace(/\/(tcp|udp)$/, '');
  const ipv6 = /^\[([^\]]+)\]:(.*)$/.exec(text);
  const parts = ipv6 ? [ipv6[1], ...ipv6[2].split(':')] : text.split(':');
  const hostIp = parts.length === 3 ? parts.shift()! : null;
  if (parts.length > 2 || parts.some((p) => !/^\d+$/.test(p))) throw new Error(`Unsupported port mapping "${entry}"`);
  return parts.length === 1
    ? { hostIp, published: null, target: Number(parts[0]) }
    : { hostIp, published: Number(parts[0]), target: Number(parts[1]) };
}

/** A Compose duration ("60s", "1m30s", "1.5s", "500ms", "1h") in milliseconds. */
export function parseDuration(text: string): number {
  const units: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
  const trimmed = text.trim();
  const pattern = /(\d+(?:\.\d+)?)(us|ms|s|m|h)/g;
  let total = 0;
  let consumed = 0;
  for (const match of trimmed.matchAll(pattern)) {
    if (match.index !== consumed) break;
    total += Number(match[1]) * units[match[2]];
    consumed += match[0].length;
  }
  if (trimmed === '' || consumed !== trimmed.length) throw new Error(`Not a duration: "${text}"`);
  return total;
}

/** depends_on in either form, as service → condition (the short form means service_started). */
export function dependencies(service: ComposeService): Record<string, string> {
  const deps = service.depends_on;
  if (!deps) return {};
  if (Array.isArray(deps)) return Object.fromEntries(deps.map((d) => [d, 'service_started']));
  return Object.fromEntries(Object.entries(deps).map(([name, d]) => [name, d?.condition ?? 'service_started']));
}

/** Image reference without its tag or digest: "registry:5000/a/b:1.2@sha256:..." → "registry:5000/a/b". */
export function imageRepository(image: string): string {
  return image.replace(/@sha256:[0-9a-f]+$/, '').replace(/:[^/:]+$/, '');
}

/** The tag of an image reference, or "latest" when none is written. */
export function imageTag(image: string): string {
  const withoutDigest = image.replace(/@sha256:[0-9a-f]+$/, '');
  const tag = /:([^/:]+)$/.exec(withoutDigest);
  return tag ? tag[1] : 'latest';
}
