// The company's clock: what a moment reads on the wall in its time zone (site.yaml blog.timeZone), and back. Scheduled
// posts go out on the company's day; the storm alert's start and end are written in its wall-clock time.

/** A moment as the wall clock reads in a time zone: YYYY-MM-DDTHH:MM. */
export function wallClock(t: number | Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(t);
  const v = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${v('year')}-${v('month')}-${v('day')}T${v('hour')}:${v('minute')}`;
}

/** Today's date (YYYY-MM-DD) in a time zone: the day a scheduled post goes out. */
export function todayIn(timeZone: string, now = new Date()): string {
  return wallClock(now, timeZone).slice(0, 10);
}

/** The moment a wall-clock time (YYYY-MM-DDTHH:MM) names in a time zone, in ms since the epoch. */
export function instantIn(local: string, timeZone: string): number {
  const asUtc = Date.parse(`${local}:00Z`);
  // the zone's offset from UTC at a moment: its wall clock there, read as if it were UTC, minus the moment
  const offset = (t: number) => Date.parse(`${wallClock(t, timeZone)}:00Z`) - t;
  const guess = asUtc - offset(asUtc);
  return asUtc - offset(guess); // the offset at the moment itself, which differs from the guess's across a clock change
}
