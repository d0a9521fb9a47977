// `npm run dev` only, never in the built site: the dev server adds this script to every page it serves but the editor's,
// and tells it over /__reload when it has rebuilt after a save; the open tab then reloads (generator/dev/server.ts).
const events = new EventSource('/__reload');
// from here on a save reloads the tab: what a test or a benchmark waits for before it saves
events.onopen = () => (document.documentElement.dataset.devReload = 'listening');
events.onmessage = () => location.reload();
