// Test helpers of the console's parts (not in index.ts: never bundled). For the page tests: the
// services answered by a stub of fetch (every call recorded), a page rendered in the shell's
// providers with every message problem collected; and the checks every remote's route tree and
// messages must pass.
import type { ComponentType } from 'react';
import { render } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import sharedEn from './messages/en';
import { labelId, type Enumeration } from './components/enum';
import type { AppRoute, RemoteRoutes } from './menu';

export interface Call {
  method: string;
  url: URL;
  body: unknown;
}

/** Answers every call with the envelope around what `answer` gives; returns the calls. */
export function serve(answer: (call: Call) => unknown): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const call: Call = {
        method: init.method ?? 'GET',
        url: new URL(input, 'http://console.test'),
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      return new Response(JSON.stringify({ state: 'success', code: 'ok', data: answer(call) }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

/** One page of results as the list endpoints answer it. */
export function pageOf<T>(rows: T[]) {
  return { results: rows, sizeAll: rows.length, page: 1, resultNum: 20, pageCount: 1, startIndex: 0, size: rows.length };
}

function Location() {
  const l = useLocation();
  return <div data-testid="location">{`${l.pathname}${l.search}`}</div>;
}

/** Renders a page at `path`; `problems` collects missing messages and other intl errors. */
export function renderPage(Page: ComponentType, messages: Record<string, string>, path = '/') {
  const problems: string[] = [];
  render(
    <IntlProvider locale="en" messages={{ ...sharedEn, ...messages }} onError={(e) => problems.push(e.message)}>
      <MemoryRouter initialEntries={[path]}>
        <Page />
        <Location />
      </MemoryRouter>
    </IntlProvider>,
  );
  return { problems };
}

function titles(routes: AppRoute[]): string[] {
  return routes.flatMap((r) => [r.meta.title, ...titles(r.children ?? [])]);
}

/**
 * What every remote must hold: each message id in both languages, none empty, all in the
 * remote's namespace, a title for every route and a label for every enumeration value; its
 * application path; parents without a page and pages with the `:GET` code of their endpoint.
 */
export function checkRemote(remote: RemoteRoutes, o: { ns: string; app: string; enums: readonly Enumeration[] }) {
  const zh = remote.messages['zh-CN'];
  const en = remote.messages.en;
  describe(`${o.ns} messages`, () => {
    it('has every zh-CN id in en and every en id in zh-CN', () => {
      expect(Object.keys(zh).filter((k) => !(k in en))).toEqual([]);
      expect(Object.keys(en).filter((k) => !(k in zh))).toEqual([]);
    });
    it('has no empty message', () => {
      expect([...Object.entries(zh), ...Object.entries(en)].filter(([, v]) => !v.trim())).toEqual([]);
    });
    it(`names every id in the ${o.ns} namespace`, () => {
      expect(Object.keys(en).filter((k) => !k.startsWith(`${o.ns}.`))).toEqual([]);
    });
    it('has a title message for every route', () => {
      const all = titles(remote.routes);
      expect(all.length).toBeGreaterThan(0);
      expect(all.filter((t) => !(t in zh) || !(t in en))).toEqual([]);
    });
    it('labels every value of every enumeration', () => {
      const ids = o.enums.flatMap((e) => e.values.map((v) => labelId(e, v)));
      expect(ids.filter((id) => !(id in zh) || !(id in en))).toEqual([]);
    });
  });
  describe(`${o.ns} routes`, () => {
    it(`is the ${o.app} application`, () => {
      expect(remote.app).toBe(o.app);
    });
    it('gives every page the permission code of its endpoint and leaves parents without a page', () => {
      for (const parent of remote.routes) {
        expect(parent.page).toBeUndefined();
        for (const child of parent.children ?? []) {
          expect(child.page).toBeTypeOf('function');
          expect(child.meta.perm).toMatch(/^\/saas\/\S+:GET$/);
        }
      }
    });
  });
}
