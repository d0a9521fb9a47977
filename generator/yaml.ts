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
