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
  /** The pattern split at each `*`: the first part is a prefix, the others follow in order. */
  parts: string[];
  /** A final `$`: the last part must end the path. */
  anchored: boolean;
}
interface Group {
  agents: string[];
  rules: Rule[];
  crawlDelaySeconds: number | null;
}

/** RFC 9309 keeps parsing to at least 500 KiB; beyond that we stop. */
export const ROBOTS_MAX_CHARS = 512 * 1024;
/** Rules kept from one file (all groups together); the rest are ignored, so a hostile file costs bounded work per URL. */
export const ROBOTS_MAX_RULES = 1000;
/** Longer patterns are ignored. */
export const ROBOTS_MAX_RULE_LENGTH = 500;

export class RobotsRules {
  constructor(
    private readonly rules: readonly Rule[],
    readonly crawlDelaySeconds: number | null = null,
  ) {}

  static allowAll(): RobotsRules {
    return new RobotsRules([]);
  }

  static disallowAll(): RobotsRules {
    return new RobotsRules([compileRule(false, '/')]);
  }

  /** Whether our agent may fetch this URL (or path with query). /robots.txt itself is always allowed. */
  isAllowed(target: string | URL): boolean {
    const url = typeof target === 'string' ? new URL(target, 'http://robots.invalid') : target;
    const path = normalizePath(`${url.pathname || '/'}${url.search}`);
    if (url.pathname === '/robots.txt') return true;
    let best: Rule | null = null;
    for (const rule of this.rules) {
      if (!matchesPattern(rule, path)) continue;
      if (!best || rule.length > best.length || (rule.length === best.length && rule.allow && !best.allow)) best = rule;
    }
    return best?.allow ?? true;
  }
}

export function parseRobotsTxt(text: string, agentToken: string = IMPORTER_AGENT_TOKEN): RobotsRules {
  const groups: Group[] = [];
  let current: Group | null = null;
  let inAgentLines = false;
  let ruleCount = 0;
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
      if (value !== '' && value.length <= ROBOTS_MAX_RULE_LENGTH && ruleCount < ROBOTS_MAX_RULES) {
        current.rules.push(compileRule(key === 'allow', value));
        ruleCount++;
      }
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
  return { allow, length: normalized.length, parts: body.split('*'), anchored };
}

/**
 * Wildcard matching without backtracking (a regex with many `.*` is exponential): the first part must start the
 * path, each later part is taken at its leftmost place after the previous one (leftmost is never worse), and with
 * `$` the last part must end the path. At most one indexOf per part: O(path × pattern) at worst.
 */
export function matchesPattern(rule: Pick<Rule, 'parts' | 'anchored'>, path: string): boolean {
  const { parts, anchored } = rule;
  const first = parts[0];
  if (!path.startsWith(first)) return false;
  if (parts.length === 1) return anchored ? path.length === first.length : true;
  let pos = first.length;
  const middleEnd = anchored ? parts.length - 1 : parts.length;
  for (let i = 1; i < middleEnd; i++) {
    const at = path.indexOf(parts[i], pos);
    if (at < 0) return false;
    pos = at + parts[i].length;
  }
  if (!anchored) return true;
  const last = parts[parts.length - 1];
  return path.length - last.length >= pos && path.endsWith(last);
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
