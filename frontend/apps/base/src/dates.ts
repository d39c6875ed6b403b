// The date fields of the search rows (`YYYY-MM-DD`, local days) as the ms bounds the services
// take.

function parts(day: string): [number, number, number] | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
}

/** The first ms of a local day, or undefined for no (or a malformed) date. */
export function dayStartMs(day: string): number | undefined {
  const p = parts(day);
  return p ? new Date(p[0], p[1] - 1, p[2]).getTime() : undefined;
}

/** The last ms of a local day (inclusive bound), or undefined. */
export function dayEndMs(day: string): number | undefined {
  const p = parts(day);
  return p ? new Date(p[0], p[1] - 1, p[2] + 1).getTime() - 1 : undefined;
}
