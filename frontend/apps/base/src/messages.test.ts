// Every message id is in both languages, every route's title and every enumeration value has
// one.
import type { AppRoute } from '@tradewind/shared';
import remote from './routes';
import { ENUMS } from './enums';
import { labelId } from '@tradewind/shared';

const zh = remote.messages['zh-CN'];
const en = remote.messages.en;

function titles(routes: AppRoute[]): string[] {
  return routes.flatMap((r) => [r.meta.title, ...titles(r.children ?? [])]);
}

describe('base messages', () => {
  it('has every zh-CN id in en', () => {
    expect(Object.keys(zh).filter((k) => !(k in en))).toEqual([]);
  });

  it('has every en id in zh-CN', () => {
    expect(Object.keys(en).filter((k) => !(k in zh))).toEqual([]);
  });

  it('has no empty message', () => {
    expect([...Object.entries(zh), ...Object.entries(en)].filter(([, v]) => !v.trim())).toEqual([]);
  });

  it('names every id in the base namespace', () => {
    expect(Object.keys(en).filter((k) => !k.startsWith('base.'))).toEqual([]);
  });

  it('has a title message for every route', () => {
    const all = titles(remote.routes);
    expect(all.length).toBeGreaterThan(0);
    expect(all.filter((t) => !(t in zh) || !(t in en))).toEqual([]);
  });

  it('labels every value of every enumeration', () => {
    const ids = ENUMS.flatMap((e) => e.values.map((v) => labelId(e, v)));
    expect(ids.filter((id) => !(id in zh) || !(id in en))).toEqual([]);
  });
});

describe('base routes', () => {
  it('is the saas-app application', () => {
    expect(remote.app).toBe('saas-app');
  });

  it('gives every page a list permission code and leaves parents without a page', () => {
    for (const parent of remote.routes) {
      expect(parent.page).toBeUndefined();
      for (const child of parent.children ?? []) {
        expect(child.page).toBeTypeOf('function');
        expect(child.meta.perm).toMatch(/^\/saas\/\S+:GET$/);
      }
    }
  });
});
