// The forms' date-and-time fields: a `datetime-local` value (the browser's local time, as the
// user reads the clock) to and from the ms the services take.

/** `YYYY-MM-DDTHH:mm` of `ms` in local time; empty for none. */
export function toLocalInput(ms: number | null | undefined): string {
  if (!ms) return '';
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** The ms of a `datetime-local` value, or NaN when it is not one. */
export function fromLocalInput(s: string): number {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(s)) return NaN;
  return new Date(s).getTime();
}

/** "1d 02:03:04" until `target` from `now`; "00:00:00" once passed. */
export function countdown(target: number, now: number): string {
  let s = Math.max(0, Math.floor((target - now) / 1000));
  const days = Math.floor(s / 86400);
  s -= days * 86400;
  const p = (n: number) => String(n).padStart(2, '0');
  const hms = `${p(Math.floor(s / 3600))}:${p(Math.floor((s % 3600) / 60))}:${p(s % 60)}`;
  return days > 0 ? `${days}d ${hms}` : hms;
}
