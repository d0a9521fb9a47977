// `npm run dev` only, never in the built site: the dev server adds this script to every page it serves but the editor's,
// and tells it over /__reload when it has rebuilt after a save; the open tab then reloads (generator/dev/server.ts).
new EventSource('/__reload').onmessage = () => location.reload();
