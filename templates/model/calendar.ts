// What an iCalendar file (RFC 5545) needs of text, written once for the two calendars made in a browser: the visitor's
// tentative visit after a send (client/delivery/fields.ts) and the office's confirmed one (editor/browser/office.ts).
// Plain code, importing nothing: kept by hand, as the three jobs below are a few lines where a calendar library
// (ical.js, which the tests parse these files with) would add tens of kilobytes to the scripts that write them.

/** An instant as iCalendar writes it in UTC: 20261202T150000Z. */
export const icsTime = (t: number) => new Date(t).toISOString().replace(/-|:|\.\d+/g, '');

/** Text as an iCalendar value: backslash, semicolon and comma escaped, line breaks as \n. */
export const icsText = (s: string) => s.replace(/[\\;,]/g, '\\$&').replace(/\r?\n/g, '\\n');

/** The file of these content lines: each at most 75 octets (UTF-8), a longer one folded onto lines that start with a
 * space, every line ended by CRLF. */
export function icsFile(lines: string[]): string {
  const fold = (line: string) => {
    let out = '';
    let n = 0;
    for (const c of line) {
      const bytes = new TextEncoder().encode(c).length;
      if (n + bytes > 75) [out, n] = [`${out}\r\n `, 1];
      [out, n] = [out + c, n + bytes];
    }
    return out;
  };
  return lines.map(fold).join('\r\n') + '\r\n';
}
