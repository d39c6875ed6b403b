// `make bench` (console part). Prints; asserts nothing.
// 1. Bundle sizes, gzip: the JavaScript the browser loads to show the login page (the host's
//    initial load), and each remote (its remoteEntry.js and every chunk it may load).
// 2. Time from submitting the login form to the dashboard's order chart drawn, in headless
//    Chromium against the local fleet (BENCH_CONSOLE_RUNS times, default 5).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT, launch, newPage, startFleet } from './lib.mjs';

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
// One line of `make bench`'s closing table (scripts/bench.sh collects `summary|` lines).
const summary = (figure, value, target, met) =>
  console.log(['summary', 'console', figure, value, target, met ? 'met' : 'MISSED'].join('|'));
const gz = (buf) => gzipSync(buf, { level: 9 }).length;

const fleet = await startFleet();
const browser = await launch();
try {
  const page = await newPage(browser);
  const loaded = [];
  page.on('response', async (res) => {
    if (res.url().endsWith('.js')) {
      try {
        loaded.push({ url: res.url(), size: gz(await res.body()) });
      } catch {
        // A response without a body (redirect) weighs nothing.
      }
    }
  });
  await page.goto(`${fleet.url}/login`, { waitUntil: 'networkidle' });
  const hostJs = loaded.filter((l) => !l.url.includes('/remotes/'));
  const remoteJs = loaded.filter((l) => l.url.includes('/remotes/'));
  const sum = (xs) => xs.reduce((a, b) => a + b.size, 0);
  console.log(
    `console initial load (login page): host ${kb(sum(hostJs))} gzip in ${hostJs.length} files, remotes' route trees ${kb(sum(remoteJs))} gzip in ${remoteJs.length} files; total ${kb(sum(loaded))} (target: host < 250 KB)`,
  );
  summary('login page JavaScript (host)', `${kb(sum(hostJs))} gzip`, '< 250 KB', sum(hostJs) < 250 * 1024);
  const dist = join(ROOT, 'frontend', 'dist', 'remotes');
  for (const name of readdirSync(dist)) {
    const files = readdirSync(join(dist, name)).filter((f) => f.endsWith('.js'));
    const total = files.reduce((a, f) => a + gz(readFileSync(join(dist, name, f))), 0);
    const entry = gz(readFileSync(join(dist, name, 'remoteEntry.js')));
    console.log(`remote ${name}: remoteEntry.js ${kb(entry)} gzip, all ${files.length} files ${kb(total)} gzip (loaded page by page)`);
  }
  await page.close();

  const runs = Number(process.env.BENCH_CONSOLE_RUNS || 5);
  const times = [];
  for (let i = 0; i < runs; i++) {
    const p = await newPage(browser);
    await p.goto(`${fleet.url}/login`, { waitUntil: 'networkidle' });
    await p.fill('input[name=username]', 'demo');
    await p.fill('input[name=password]', 'demo123');
    const t0 = Date.now();
    await p.click('button[type=submit]');
    await p.locator('[data-testid=order-chart-plot] .recharts-surface').first().waitFor();
    times.push(Date.now() - t0);
    await p.context().close();
  }
  times.sort((a, b) => a - b);
  console.log(`login -> dashboard chart drawn: median ${times[Math.floor(times.length / 2)]} ms, worst ${times[times.length - 1]} ms over ${runs} runs (target < 1500 ms)`);
  const median = times[Math.floor(times.length / 2)];
  summary(`login -> chart drawn, median of ${runs}`, `${median} ms`, '< 1500 ms', median < 1500);
} finally {
  await browser.close();
  await fleet.stop();
}
