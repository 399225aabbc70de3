import { IMPORTER_AGENT_TOKEN } from '../fetching/safe-fetcher';

/**
 * robots.txt as RFC 9309 reads it: groups of user-agent lines with their allow/disallow rules; our product token's
 * groups (case-insensitive) win, else the `*` groups, else everything is allowed. The longest matching pattern
 * decides (`*` any characters, a final `$` the end), an allow winning a tie. Crawl-delay (not in the RFC, widely
 * used) is read from the chosen groups.
 */
interface Rule {
  allow: boolean;
  /** Length in octets of the normalised pattern: the longest match wins. */
  length: number;
  regex: RegExp;
}
interface Group {
  agents: string[];
  rules: Rule[];
  crawlDelaySeconds: number | null;
}

/** RFC 9309 keeps parsing to at least 500 KiB; beyond that we stop. */
export const ROBOTS_MAX_CHARS = 512 * 1024;

export class RobotsRules {
  constructor(
    private readonly rules: readonly Rule[],
    readonly crawlDelaySeconds: number | null = null,
  ) {}

  static allowAll(): RobotsRules {
    return new RobotsRules([]);
  }

  static disallowAll(): RobotsRules {
    return new RobotsRules([{ allow: false, length: 1, regex: /^\// }]);
  }

  /** Whether our agent may fetch this URL (or path with query). /robots.txt itself is always allowed. */
  isAllowed(target: string | URL): boolean {
    const url = typeof target === 'string' ? new URL(target, 'http://robots.invalid') : target;
    const path = normalizePath(`${url.pathname || '/'}${url.search}`);
    if (url.pathname === '/robots.txt') return true;
    let best: Rule | null = null;
    for (const rule of this.rules) {
      if (!rule.regex.test(path)) continue;
      if (!best || rule.length > best.length || (rule.length === best.length && rule.allow && !best.allow)) best = rule;
    }
    return best?.allow ?? true;
  }
}

export function parseRobotsTxt(text: string, agentToken: string = IMPORTER_AGENT_TOKEN): RobotsRules {
  const groups: Group[] = [];
  let current: Group | null = null;
  let inAgentLines = false;
  for (const rawLine of text.slice(0, ROBOTS_MAX_CHARS).split(/\r\n|\r|\n/)) {
    const match = /^\s*([A-Za-z-]+)\s*:\s*(.*)$/.exec(rawLine.replace(/#.*$/, ''));
    if (!match) continue;
    const key = match[1].toLowerCase();
    const value = match[2].trim();
    if (key === 'user-agent') {
      if (!current || !inAgentLines) groups.push((current = { agents: [], rules: [], crawlDelaySeconds: null }));
      current.agents.push(value.toLowerCase());
      inAgentLines = true;
    } else if (current && (key === 'allow' || key === 'disallow')) {
      inAgentLines = false;
      if (value !== '') current.rules.push(compileRule(key === 'allow', value));
    } else if (current && key === 'crawl-delay') {
      inAgentLines = false;
      const seconds = Number(value);
      if (value !== '' && Number.isFinite(seconds) && seconds >= 0) current.crawlDelaySeconds = seconds;
    }
  }
  const token = agentToken.toLowerCase();
  const ours = groups.filter((g) => g.agents.some((a) => a === token || a.split('/')[0] === token));
  const chosen = ours.length > 0 ? ours : groups.filter((g) => g.agents.includes('*'));
  const delays = chosen.map((g) => g.crawlDelaySeconds).filter((d): d is number => d !== null);
  return new RobotsRules(chosen.flatMap((g) => g.rules), delays.length > 0 ? Math.max(...delays) : null);
}

function compileRule(allow: boolean, pattern: string): Rule {
  const normalized = normalizePath(pattern.startsWith('/') || pattern.startsWith('*') ? pattern : `/${pattern}`);
  const anchored = normalized.endsWith('$');
  const body = anchored ? normalized.slice(0, -1) : normalized;
  const source = body
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return { allow, length: normalized.length, regex: new RegExp(`^${source}${anchored ? '$' : ''}`) };
}

/**
 * Percent-encoding made comparable (RFC 9309 2.2.2): characters outside printable US-ASCII are encoded as UTF-8,
 * escapes of unreserved characters are decoded, the others get upper-case hex.
 */
function normalizePath(value: string): string {
  return value
    .replace(/[^\x21-\x7e]/gu, (c) => (c.length === 1 && c >= '\ud800' && c <= '\udfff' ? '%EF%BF%BD' : encodeURIComponent(c)))
    .replace(/%([0-9a-fA-F]{2})/g, (_m, hex: string) => {
      const char = String.fromCharCode(parseInt(hex, 16));
      return /[A-Za-z0-9\-._~]/.test(char) ? char : `%${hex.toUpperCase()}`;
    });
}
