// A build in a Node of its own, on the tz data its parent chose (current-tz.ts onTzData): prints one line of JSON, this
// runtime's tz data and the end of the storm alert the build wrote (null for none).
//   node --import tsx tests/support/on-tz-data.ts build '{"content": ..., "static": ..., "out": ..., "now": ms, "year": ...}'
import { build } from '../../generator/build-site.ts';

const opts = JSON.parse(process.argv[3]) as { content: string; static: string; out: string; now: number; year: number };
const r = await build({ ...opts, now: new Date(opts.now), quiet: true });
console.log(JSON.stringify({ tz: process.versions.tz, result: { alertEnd: r.site.alert?.end ?? null } }));
