// The estimate visit for the visitor's calendar, made in the browser after a send (no request).
import { newId } from './new-id.ts';

/** An iCalendar file (RFC 5545) with each window chosen as a tentative event, in UTC from the option's ISO interval. */
export function calendar(chosen: HTMLOptionElement[], title: string, text: string): string {
  const utc = (t: number) => new Date(t).toISOString().replace(/-|:|\.\d+/g, '');
  const esc = (s: string) => s.replace(/[\\;,]/g, '\\$&').replace(/\n/g, '\\n');
  const id = newId();
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:-//${location.hostname}//estimate visit//EN`, 'METHOD:PUBLISH'];
  chosen.forEach((o, i) => {
    const [start, end] = /\((\S+)\/(\S+)\)$/.exec(o.value)!.slice(1).map(Date.parse);
    lines.push(
      'BEGIN:VEVENT',
      `UID:${id}-${i + 1}@${location.hostname}`,
      `DTSTAMP:${utc(Date.now())}`,
      `DTSTART:${utc(start)}`,
      `DTEND:${utc(end)}`,
      'STATUS:TENTATIVE',
      `SUMMARY:${esc(title)}`,
      `DESCRIPTION:${esc(text)}`,
      'END:VEVENT',
    );
  });
  lines.push('END:VCALENDAR');
  // lines of at most 75 octets (UTF-8), a longer one folded onto lines that start with a space
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
