// The last-login filter's two days as weixin-server's window: from the first day's start to the
// end of the last (its `loginTo` is exclusive), in the browser's time zone; empty days are open.
export function loginWindow(from: string, to: string): { loginFrom?: number; loginTo?: number } {
  const start = (day: string) => new Date(`${day}T00:00:00`).getTime();
  const out: { loginFrom?: number; loginTo?: number } = {};
  if (from && !Number.isNaN(start(from))) out.loginFrom = start(from);
  if (to && !Number.isNaN(start(to))) {
    const end = new Date(`${to}T00:00:00`);
    end.setDate(end.getDate() + 1);
    out.loginTo = end.getTime();
  }
  return out;
}
