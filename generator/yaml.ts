// YAML for site.yaml and front matter, with errors at the line and column an editor shows (1-based).
import yaml from 'js-yaml';

/** A YAML syntax error, placed in the file: `line` and `column` count from 1, as editors do. */
export class YamlError extends Error {
  constructor(
    public reason: string,
    public line?: number,
    public column?: number,
  ) {
    super(`invalid YAML${line ? ` at line ${line}, column ${column}` : ''}: ${reason}`);
  }
}

/**
 * Parses YAML with the core schema, so dates stay text and the content schema decides what a date is.
 * `firstLine` is the file line the YAML starts on (front matter starts on line 2, after `---`).
 */
export function parseYaml(src: string, firstLine = 1): unknown {
  try {
    return yaml.load(src, { schema: yaml.CORE_SCHEMA });
  } catch (e) {
    const err = e as { reason?: string; mark?: { line: number; column: number } };
    throw new YamlError(err.reason ?? (e as Error).message, err.mark && err.mark.line + firstLine, err.mark && err.mark.column + 1);
  }
}

// Front matter of one-line `key: value` pairs, the shape of nearly every post, read without the YAML parser: on a
// large blog the parser was a twentieth of each post's cost. Anything a YAML reader could read otherwise (lists,
// nesting, comments, escapes, numbers, true/false/null, odd spacing, a repeated key) is left to it: null.
const PAIR = /^([A-Za-z][A-Za-z0-9_-]*): (.*)$/;
const VALUE = /^(?:"([^"\\]*)"|'([^']*)'|(\d{4}-\d{2}-\d{2})|([A-Za-z][A-Za-z0-9 .,'()/&!?%+-]*[A-Za-z0-9.)!?%'+-]|[A-Za-z]))$/;
const NOT_TEXT = /^(?:true|false|null)$/i; // plain words YAML's core schema reads as something else

export function parsePlainYaml(src: string): Record<string, string> | null {
  if (/[^\n\t\x20-\x7e\u00a0-\ud7ff\ue000-\ufefe\uff00-\ufffd]/.test(src)) return null; // control characters, CR, BOM, surrogates
  const data: Record<string, string> = {};
  let pairs = 0;
  for (const line of src.split('\n')) {
    if (line === '') continue;
    const pair = PAIR.exec(line);
    const value = pair && VALUE.exec(pair[2]);
    if (!pair || !value || Object.hasOwn(data, pair[1])) return null;
    const text = value[1] ?? value[2] ?? value[3] ?? value[4];
    if (value[4] !== undefined && (NOT_TEXT.test(text) || text.includes('  '))) return null;
    data[pair[1]] = text;
    pairs++;
  }
  return pairs ? data : null;
}
