// Fails when the console's modules import each other in a circle (List <-> Dialog and the like).
// Every import counts, `import type` and lazy `import()` too; modules are resolved as the type
// checker resolves them (tsconfig.json, the workspace packages through their exports), so a
// circle through the shared package is found as well. Prints each circle once, shortest path.
//   node tools/cycles.mjs
import { realpathSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const config = ts.getParsedCommandLineOfConfigFile(join(root, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
if (!config) throw new Error('tsconfig.json could not be read');
const host = ts.createCompilerHost(config.options);
const files = config.fileNames.filter((f) => !f.includes('/node_modules/')).map((f) => realpathSync(f));
const known = new Set(files);

/** The console's modules a file imports (packages outside the workspace left out). */
function importsOf(file) {
  const info = ts.preProcessFile(ts.sys.readFile(file) ?? '', true, true);
  const out = new Set();
  for (const { fileName } of info.importedFiles) {
    const resolved = ts.resolveModuleName(fileName, file, config.options, host).resolvedModule?.resolvedFileName;
    if (!resolved) continue;
    const real = realpathSync(resolved);
    if (known.has(real)) out.add(real);
  }
  return [...out];
}

const graph = new Map(files.map((f) => [f, importsOf(f)]));

// Tarjan's strongly connected components: every component of more than one module (or a
// module importing itself) holds a circle.
let index = 0;
const order = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const components = [];
function visit(v) {
  order.set(v, index);
  low.set(v, index);
  index += 1;
  stack.push(v);
  onStack.add(v);
  for (const w of graph.get(v)) {
    if (!order.has(w)) {
      visit(w);
      low.set(v, Math.min(low.get(v), low.get(w)));
    } else if (onStack.has(w)) {
      low.set(v, Math.min(low.get(v), order.get(w)));
    }
  }
  if (low.get(v) === order.get(v)) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || graph.get(v).includes(v)) components.push(component);
  }
}
for (const f of files) if (!order.has(f)) visit(f);

/** The shortest way from a module of the component back to itself, for the message. */
function circleOf(component) {
  const inside = new Set(component);
  const start = [...component].sort()[0];
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift();
    for (const w of graph.get(v)) {
      if (w === start) {
        const path = [];
        for (let p = v; p !== null; p = previous.get(p)) path.unshift(p);
        return [...path, start];
      }
      if (inside.has(w) && !previous.has(w)) {
        previous.set(w, v);
        queue.push(w);
      }
    }
  }
  return component;
}

const name = (f) => relative(root, f);
if (components.length === 0) {
  console.log(`no import cycles among ${files.length} modules`);
} else {
  for (const c of components) console.error(`import cycle: ${circleOf(c).map(name).join(' -> ')}`);
  console.error(`${components.length} import cycle(s): move what both sides need into a module of its own (pages/<resource>/types.ts)`);
  process.exit(1);
}
