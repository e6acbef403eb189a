/** One nginx directive: its name, its arguments (quotes removed) and, for a block, the directives inside it. */
export interface NginxDirective {
  name: string;
  args: string[];
  block?: NginxDirective[];
}

/** The tokens of an nginx configuration: words, quoted strings, `{`, `}` and `;`; comments dropped. */
const tokenize = (text: string): string[] => {
  const tokens: string[] = [];
  const pattern = /\s+|#[^\n]*|"((?:\\.|[^"\\])*)"|'((?:\\.|[^'\\])*)'|([{};])|([^\s{};"'#][^\s{};]*)/gy;
  let match: RegExpExecArray | null;
  while (pattern.lastIndex < text.length && (match = pattern.exec(text))) {
    const [, double, single, punct, word] = match;
    if (double !== undefined) tokens.push(double.replace(/\\(.)/g, '$1'));
    else if (single !== undefined) tokens.push(single.replace(/\\(.)/g, '$1'));
    else if (punct ?? word) tokens.push((punct ?? word) as string);
  }
  if (pattern.lastIndex < text.length) throw new Error(`cannot read the nginx configuration at offset ${pattern.lastIndex}`);
  return tokens;
};

/**
 * Parses the subset of nginx's syntax a server configuration uses (directives, blocks, quoted arguments, comments),
 * strictly enough that an unbalanced brace or a directive without its `;` fails, as `nginx -t` would.
 */
export const parseNginxConfig = (text: string): NginxDirective[] => {
  const tokens = tokenize(text);
  let i = 0;
  const readBlock = (nested: boolean): NginxDirective[] => {
    const directives: NginxDirective[] = [];
    let current: string[] = [];
    while (i < tokens.length) {
      const token = tokens[i++];
      if (token === ';') {
        if (current.length === 0) throw new Error('an empty directive (a stray ";")');
        directives.push({ name: current[0], args: current.slice(1) });
        current = [];
      } else if (token === '{') {
        if (current.length === 0) throw new Error('a block without a name');
        directives.push({ name: current[0], args: current.slice(1), block: readBlock(true) });
        current = [];
      } else if (token === '}') {
        if (!nested) throw new Error('a "}" without its "{"');
        if (current.length > 0) throw new Error(`"${current.join(' ')}" has no ";"`);
        return directives;
      } else {
        current.push(token);
      }
    }
    if (nested) throw new Error('a "{" without its "}"');
    if (current.length > 0) throw new Error(`"${current.join(' ')}" has no ";"`);
    return directives;
  };
  return readBlock(false);
};
