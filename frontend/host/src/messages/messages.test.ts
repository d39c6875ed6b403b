import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import zh from './zh-CN';
import en from './en';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.tsx?$/.test(f) && !f.endsWith('.test.ts') ? [readFileSync(p, 'utf8')] : [];
  });
}

describe('the shell messages', () => {
  it('have the same ids in both languages', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(zh).sort());
  });
  it('hold every literal id the shell uses', () => {
    const code = sources(join(__dirname, '..')).join('\n');
    const ids = [...code.matchAll(/id[=:]\s*["'{]?["']([a-z][A-Za-z]*\.[A-Za-z0-9.]+)["']/g)].map((m) => m[1]);
    const shared = ['search.inquire', 'search.reset', 'table.empty', 'table.rowsPerPage'];
    const missing = [...new Set(ids)].filter((id) => !(id in zh) && !shared.includes(id));
    expect(missing).toEqual([]);
  });
});
