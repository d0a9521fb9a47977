// The dev server's build worker starts here (generator/dev/server.ts). Plain JavaScript, as a new worker reads no
// TypeScript until tsx is loaded in it, however the dev server itself was started; tsx then loads build-worker.ts, so a
// worker started after a change to the code runs the changed templates. Inside a worker, import.meta.url may carry
// tsx's ?tsx-namespace= query; passed on, it would skip the transform.
import { tsImport } from 'tsx/esm/api';

const self = import.meta.url.replace(/\?.*$/, '');
await tsImport(new URL('./build-worker.ts', self).href, self);
