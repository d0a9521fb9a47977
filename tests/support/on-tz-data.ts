// A task run in a Node of its own, on the tz data its parent chose (current-tz.ts onTzData): prints one line of JSON,
// this runtime's tz data and what the task found.
//   node --import tsx tests/support/on-tz-data.ts TASK 'JSON argument'
import { build } from '../../generator/build-site.ts';
import { wallClock } from '../../generator/time.ts';

const tasks = {
  /** The moments, every `step` ms from `from` to `to`, that this runtime's Intl reads otherwise than the company's clock
   *  (generator/time.ts) in a zone: `zone moment: Intl's reading, the clock's` (at most 20). */
  async compare({ zones, from, to, step }: { zones: string[]; from: number; to: number; step: number }) {
    const found: string[] = [];
    for (const zone of zones) {
      // another road than the clock's: Swedish dates are written YYYY-MM-DD HH:MM
      const format = new Intl.DateTimeFormat('sv-SE', { timeZone: zone, dateStyle: 'short', timeStyle: 'short', hourCycle: 'h23' });
      for (let t = from; t < to && found.length < 20; t += step) {
        const intl = format.format(t).replace(' ', 'T');
        if (intl !== wallClock(t, zone)) found.push(`${zone} ${new Date(t).toISOString()}: ${intl}, ${wallClock(t, zone)}`);
      }
    }
    return found;
  },
  /** A build of a copy of content/ at a moment: the alert's end it wrote (null for none) and its posts. */
  async build(opts: { content: string; static: string; out: string; now: number; year: number }) {
    const r = await build({ ...opts, now: new Date(opts.now), quiet: true });
    return { alertEnd: r.site.alert?.end ?? null, posts: r.site.posts.map((p) => p.slug) };
  },
};

const [task, arg] = process.argv.slice(2) as [keyof typeof tasks, string];
const result = await tasks[task](JSON.parse(arg));
console.log(JSON.stringify({ tz: process.versions.tz, result }));
