/**
 * A small Dockerfile reader for the manifest test: enough to see stages, their base, USER, ENV, EXPOSE, CMD and
 * HEALTHCHECK without a Docker engine. Not a full parser (no ARG substitution, no heredocs).
 */

export interface Instruction {
  /** Upper-cased keyword: FROM, RUN, ENV, ... */
  keyword: string;
  /** Everything after the keyword, continuation lines joined with a space. */
  args: string;
  /** 1-based line where the instruction starts. */
  line: number;
}

export interface Stage {
  index: number;
  /** The `AS` name, lower-cased as Docker treats it. */
  name: string | null;
  /** The FROM image or the name of an earlier stage. */
  from: string;
  instructions: Instruction[];
}

export function parseInstructions(text: string): Instruction[] {
  const instructions: Instruction[] = [];
  const lines = text.split(/\r?\n/);
  let current: { parts: string[]; line: number } | null = null;
  for (const [i, raw] of lines.entries()) {
    const trimmed = raw.trim();
    // Comments and blank lines may sit inside a continued instruction too; Docker skips them.
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const continues = /\\\s*$/.test(raw);
    const body = continues ? raw.replace(/\\\s*$/, '') : raw;
    if (current) current.parts.push(body.trim());
    else current = { parts: [body.trim()], line: i + 1 };
    if (!continues) {
      const joined = current.parts.filter(Boolean).join(' ');
      const match = /^(\S+)\s*(.*)$/.exec(joined);
      if (match) instructions.push({ keyword: match[1].toUpperCase(), args: match[2].trim(), line: current.line });
      current = null;
    }
  }
  if (current) throw new Error(`Dockerfile ends inside a continued instruction (line ${current.line})`);
  return instructions;
}

/** Splits a Dockerfile into its stages; instructions before the first FROM (ARG) are dropped. */
export function parseDockerfile(text: string): Stage[] {
  const stages: Stage[] = [];
  for (const instruction of parseInstructions(text)) {
    if (instruction.keyword === 'FROM') {
      const words = instruction.args.split(/\s+/).filter((w) => !w.startsWith('--'));
      const as = words.findIndex((w) => w.toUpperCase() === 'AS');
      stages.push({
        index: stages.length,
        name: as >= 0 && words[as + 1] ? words[as + 1].toLowerCase() : null,
        from: words[0],
        instructions: [],
      });
    } else if (stages.length > 0) {
      stages[stages.length - 1].instructions.push(instruction);
    }
  }
  return stages;
}

/** The stage and its ancestors (stages it is built FROM), nearest first. */
export function stageChain(stages: Stage[], target: string): Stage[] {
  const chain: Stage[] = [];
  let stage = stages.find((s) => s.name === target.toLowerCase());
  if (!stage) throw new Error(`No stage named ${target}`);
  while (stage) {
    chain.push(stage);
    const parent: Stage | undefined = stages.slice(0, stage.index).find((s) => s.name === stage!.from.toLowerCase());
    stage = parent;
  }
  return chain;
}

/** The external image a stage is ultimately built from. */
export function baseImage(stages: Stage[], target: string): string {
  const chain = stageChain(stages, target);
  return chain[chain.length - 1].from;
}

/** The last value of a keyword along the chain (USER, CMD, ENTRYPOINT, HEALTHCHECK, WORKDIR ...), or null. */
export function lastOf(stages: Stage[], target: string, keyword: string): Instruction | null {
  for (const stage of stageChain(stages, target)) {
    const found = stage.instructions.filter((i) => i.keyword === keyword);
    if (found.length > 0) return found[found.length - 1];
  }
  return null;
}

/** Every instruction of a keyword along the chain, oldest first. */
export function allOf(stages: Stage[], target: string, keyword: string): Instruction[] {
  return stageChain(stages, target)
    .reverse()
    .flatMap((s) => s.instructions.filter((i) => i.keyword === keyword));
}

/** Splits shell-like words, honouring single and double quotes and backslash escapes. */
function words(text: string): string[] {
  const out: string[] = [];
  let word = '';
  let quote: string | null = null;
  let started = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = null;
      else if (c === '\\' && quote === '"' && i + 1 < text.length) word += text[++i];
      else word += c;
    } else if (c === '"' || c === "'") {
      quote = c;
      started = true;
    } else if (c === '\\' && i + 1 < text.length) {
      word += text[++i];
      started = true;
    } else if (/\s/.test(c)) {
      if (started) out.push(word);
      word = '';
      started = false;
    } else {
      word += c;
      started = true;
    }
  }
  if (quote) throw new Error(`Unclosed quote in: ${text}`);
  if (started) out.push(word);
  return out;
}

/** ENV in both forms: `ENV A=1 B="two words"` and the legacy `ENV A one value`. */
export function parseEnv(args: string): Record<string, string> {
  const parts = words(args);
  if (parts.length > 0 && !parts[0].includes('=')) {
    const legacy = /^(\S+)\s+(.*)$/.exec(args.trim());
    return legacy ? { [legacy[1]]: legacy[2] } : { [parts[0]]: '' };
  }
  const env: Record<string, string> = {};
  for (const part of parts) {
    const eq = part.indexOf('=');
    if (eq <= 0) throw new Error(`Bad ENV pair "${part}" in: ${args}`);
    env[part.slice(0, eq)] = part.slice(eq + 1);
  }
  return env;
}

/** The environment a stage's image carries, parents included. */
export function envOf(stages: Stage[], target: string): Record<string, string> {
  return Object.assign({}, ...allOf(stages, target, 'ENV').map((i) => parseEnv(i.args)));
}

/** The exec (JSON) form of CMD/ENTRYPOINT/RUN arguments, or null for the shell form. */
export function execForm(args: string): string[] | null {
  if (!args.trim().startsWith('[')) return null;
  const parsed: unknown = JSON.parse(args);
  if (!Array.isArray(parsed) || !parsed.every((p) => typeof p === 'string')) throw new Error(`Bad exec form: ${args}`);
  return parsed;
}

/** The command of a HEALTHCHECK (options dropped), in exec form when written so; null for HEALTHCHECK NONE. */
export function healthcheckCommand(args: string): { exec: string[] | null; shell: string | null } | null {
  const match = /^((?:--\S+\s+)*)(CMD|NONE)\b\s*(.*)$/i.exec(args.trim());
  if (!match) throw new Error(`Bad HEALTHCHECK: ${args}`);
  if (match[2].toUpperCase() === 'NONE') return null;
  const exec = execForm(match[3]);
  return { exec, shell: exec ? null : match[3] };
}

/** A non-root USER: neither root nor uid 0, by name or number (group after the colon ignored). */
export function isNonRootUser(args: string | undefined | null): boolean {
  if (!args) return false;
  const user = args.trim().split(':')[0];
  return user !== '' && user !== 'root' && !/^0+$/.test(user);
}
