// What a failed build reports: every content problem at once, each as `file: field: problem`.
import path from 'node:path';

/** A file as messages name it: relative to where the command was run. */
export function rel(file: string): string {
  return path.relative(process.cwd(), file) || file;
}

/** A problem in the content: which file, which field (with the line where there is one), what is wrong. */
export class ContentError extends Error {
  constructor(
    public file: string,
    public field: string,
    public problem: string,
  ) {
    super(`${file}: ${field ? `${field}: ` : ''}${problem}`);
  }
}

/** The content check's status name on a commit (editor/ci/content-check-report.ts), beside the host's own (Netlify's,
 * Cloudflare Pages'): the editor's notice after a save reads it (editor/browser/content-check.ts). */
export const CHECK_CONTEXT = 'Content check';

/** How a failed build prints each problem, one a line. */
const MARK = '  ✗ ';

/** The build stopped on content errors (or, `heading` says, on settings a production deploy refuses); dist/ was left
 * as it was. */
export class BuildFailed extends Error {
  constructor(
    public errors: ContentError[],
    heading = `Build failed with ${errors.length} content error${errors.length === 1 ? '' : 's'}:`,
  ) {
    super(`${heading}\n${errors.map((e) => `${MARK}${e.message}`).join('\n')}`);
  }
}

/** The problems a failed build printed (`file: field: problem`), read back from its output, in its order. */
export function printedErrors(output: string): string[] {
  return output.split('\n').flatMap((line) => (line.startsWith(MARK) ? [line.slice(MARK.length)] : []));
}
