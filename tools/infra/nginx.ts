/** A reader for nginx configuration files, enough for the static checks of docker/web.nginx.conf. */

export interface NginxDirective {
  name: string;
  args: string[];
  /** The directives inside its `{ }`, for a block (server, location, map, ...); null for a simple directive. */
  block: NginxDirective[] | null;
}

function tokenize(text: string): string[] {
  const tokens: string[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) i++;
    else if (c === '#') while (i < text.length && text[i] !== '\n') i++;
    else if (c === '{' || c === '}' || c === ';') tokens.push(text[i++]!);
    else if (c === '"' || c === "'") {
      let value = '';
      for (i++; i < text.length && text[i] !== c; i++) value += text[i] === '\\' && text[i + 1] === c ? text[++i] : text[i];
      if (i >= text.length) throw new Error('Unterminated string in nginx configuration');
      i++;
      tokens.push(`\0${value}`);
    } else {
      let word = '';
      while (i < text.length && !/[\s{};]/.test(text[i]!)) word += text[i++];
      tokens.push(word);
    }
  }
  return tokens;
}

const unquote = (token: string) => (token.startsWith('\0') ? token.slice(1) : token);

/** The directives of a configuration file, blocks nested. Quoted arguments are given without their quotes. */
export function parseNginx(text: string): NginxDirective[] {
  const tokens = tokenize(text);
  let at = 0;
  const parseBlock = (nested: boolean): NginxDirective[] => {
    const out: NginxDirective[] = [];
    let words: string[] = [];
    while (at < tokens.length) {
      const token = tokens[at++]!;
      if (token === ';') {
        if (words.length) out.push({ name: unquote(words[0]!), args: words.slice(1).map(unquote), block: null });
        words = [];
      } else if (token === '{') {
        const [name, ...args] = words.map(unquote);
        if (!name) throw new Error('A block without a name in nginx configuration');
        out.push({ name, args, block: parseBlock(true) });
        words = [];
      } else if (token === '}') {
        if (!nested || words.length) throw new Error('Unbalanced } in nginx configuration');
        return out;
      } else words.push(token);
    }
    if (nested || words.length) throw new Error('nginx configuration ends inside a block or directive');
    return out;
  };
  return parseBlock(false);
}

/** Replaces each `include <path>` by the directives of the file `read(path)` returns. */
export function expandIncludes(directives: NginxDirective[], read: (path: string) => string): NginxDirective[] {
  return directives.flatMap((d) =>
    d.name === 'include'
      ? expandIncludes(parseNginx(read(d.args[0]!)), read)
      : [{ ...d, block: d.block && expandIncludes(d.block, read) }],
  );
}

/**
 * The headers `add_header` sends from a block, lower-case names. As nginx does, a block with no add_header of its own
 * inherits its parent's; one with any inherits none.
 */
export function effectiveHeaders(block: NginxDirective[], inherited: Map<string, { value: string; always: boolean }[]> = new Map()) {
  const own = block.filter((d) => d.name === 'add_header');
  if (own.length === 0) return inherited;
  const headers = new Map<string, { value: string; always: boolean }[]>();
  for (const d of own) {
    const name = d.args[0]!.toLowerCase();
    headers.set(name, [...(headers.get(name) ?? []), { value: d.args[1] ?? '', always: d.args[2] === 'always' }]);
  }
  return headers;
}
