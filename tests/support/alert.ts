// A storm alert in a fixture's site.yaml, and a moment inside its window wherever the company is.
import type { Fixture } from './fixture.ts';

/** An alert's window as the office types it: a storm evening to the morning two days later (no clock change between). */
export const WINDOW = { start: '2026-11-24T18:30', end: '2026-11-26T08:00' };

/** A moment inside WINDOW in any time zone within 18 hours of UTC: halfway between its times read as UTC. */
export const MIDDLE = new Date((Date.parse(`${WINDOW.start}:00Z`) + Date.parse(`${WINDOW.end}:00Z`)) / 2);

/** Sets site.yaml's alert (the WINDOW's times unless given), in storm mode with `storm`. */
export function setAlert(fx: Fixture, alert: { message: string; link?: string; start?: string; end?: string; storm?: boolean }) {
  fx.editSite((s) => {
    const { message, link, start = WINDOW.start, end = WINDOW.end, storm } = alert;
    s.alert = { message, ...(link ? { link } : {}), start, end, ...(storm ? { storm } : {}) }; // in the schema's order, as the editor writes it
  });
}
