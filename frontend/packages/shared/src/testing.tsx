// Test helpers of the console's parts (not in index.ts: never bundled). For the page tests: the
// services answered by a stub of fetch (every call recorded, a call refused with a 412 when
// asked), a page rendered in the shell's providers with every message problem collected, the
// calls and selects read and worked as a user would; and the checks every remote's route tree
// and messages must pass.
import type { ComponentType } from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import sharedEn from './messages/en';
import sharedZh from './messages/zh-CN';
import { labelId, type Enumeration } from './components/enum';
import type { AppRoute, RemoteRoutes } from './menu';
import { PERM } from './constants';
import { session } from './session';

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

/** Like `serve`, but a call `refuse` answers is refused with a 412 naming a field. */
export function serveRefusing(answer: (call: Call) => unknown, refuse: (call: Call) => { field: string; reason: string } | null): Call[] {
  const calls = serve(answer);
  const ok = globalThis.fetch as unknown as (input: string, init?: RequestInit) => Promise<Response>;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const call: Call = { method: init.method ?? 'GET', url: new URL(input, 'http://console.test'), body: init.body ? JSON.parse(String(init.body)) : undefined };
      const no = refuse(call);
      if (!no) return ok(input, init);
      calls.push(call);
      return new Response(JSON.stringify({ state: 'fail', code: 'invalid', msg: `${no.field}: ${no.reason}`, data: no }), {
        status: 412,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

/** The hooks of a page test file: a fresh session with a token before each test, fetch back after. */
export function setUpPageTests() {
  beforeEach(() => {
    session.clear();
    session.setTokens('token-1');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
}

/** The reads among the calls. */
export const gets = (calls: Call[]) => calls.filter((c) => c.method === 'GET');
/** The last read. */
export const lastGet = (calls: Call[]) => gets(calls)[gets(calls).length - 1];
/** The writes among the calls (POST, PUT ...). */
export const writes = (calls: Call[]) => calls.filter((c) => c.method !== 'GET');
/** A call's query parameters. */
export const query = (c: Call) => Object.fromEntries(c.url.searchParams);

/** Types into the field of a test id. */
export function type(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

/** Picks an option of the only open select, by the select's label. */
export function pick(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
}

/** Picks an option of a select whose label matches, in the menu opened last (a dialog over a page). */
export function choose(label: RegExp, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(within(screen.getAllByRole('listbox').at(-1) as HTMLElement).getByRole('option', { name: option }));
}

/** Closes the menu opened last (a multiple select stays open after a pick). */
export function closeMenu() {
  fireEvent.keyDown(screen.getAllByRole('listbox').at(-1) as HTMLElement, { key: 'Escape' });
}

/** The codes of saas-main's two area lists, which the area picker needs. */
export const AREA_CODES = [PERM.area.countries, PERM.area.list];

const place = (code: string, name: string, nameEn: string) => ({
  id: code.length,
  code,
  name,
  nameEn,
  country: code.slice(0, 2),
  parentCode: code.split('-').slice(0, -1).join('-'),
  level: code.split('-').length,
  state: 1,
  modifyDate: 0,
});
const AREAS: Record<string, ReturnType<typeof place>[]> = {
  CN: [place('CN-ZJ', '浙江省', 'Zhejiang'), place('CN-HI', '海南省', 'Hainan')],
  'CN-ZJ': [place('CN-ZJ-HZ', '杭州市', 'Hangzhou'), place('CN-ZJ-NB', '宁波市', 'Ningbo')],
  'CN-HI': [place('CN-HI-SY', '三亚市', 'Sanya')],
};

/**
 * What saas-main answers the area picker (countries China and Japan, China's provinces Zhejiang
 * and Hainan, their cities Hangzhou, Ningbo and Sanya), for a stub's answer:
 * `serve((c) => answerAreas(c) ?? ...)`; undefined for any other call.
 */
export function answerAreas(c: Call): unknown {
  if (c.url.pathname === '/api/saas-main/saas/area/country/list') {
    return [
      { code: 'CN', name: '中国', nameEn: 'China' },
      { code: 'JP', name: '日本', nameEn: 'Japan' },
    ];
  }
  if (c.url.pathname === '/api/saas-main/saas/area/areaInfo/list') return pageOf(AREAS[c.url.searchParams.get('parentCode') ?? ''] ?? []);
  return undefined;
}

/**
 * Chooses a place in a box of an area picker (the box's input by test id: `field-areaId`,
 * `field-areaId-province` ...): opens it and clicks the option once its list has it.
 */
export async function chooseArea(testId: string, option: string | RegExp) {
  const input = screen.getByTestId(testId);
  input.focus();
  fireEvent.mouseDown(input);
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

/** The texts of a select's options, its menu closed again. */
export function optionsOf(label: string | RegExp): string[] {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  const listbox = screen.getByRole('listbox');
  const texts = within(listbox).getAllByRole('option').map((o) => o.textContent ?? '');
  fireEvent.keyDown(listbox, { key: 'Escape' });
  return texts;
}

/** One page of results as the list endpoints answer it. */
export function pageOf<T>(rows: T[]) {
  return { results: rows, sizeAll: rows.length, page: 1, resultNum: 20, pageCount: 1, startIndex: 0, size: rows.length };
}

function Location() {
  const l = useLocation();
  return <div data-testid="location">{`${l.pathname}${l.search}`}</div>;
}

/** Renders a page at `path` (in English unless told); `problems` collects missing messages and other intl errors. */
export function renderPage(Page: ComponentType, messages: Record<string, string>, path = '/', locale: 'en' | 'zh-CN' = 'en') {
  const problems: string[] = [];
  render(
    <IntlProvider locale={locale} messages={{ ...(locale === 'en' ? sharedEn : sharedZh), ...messages }} onError={(e) => problems.push(e.message)}>
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
          // A page that only sends (the ticket gate's POST redeem) needs the code of what it sends.
          expect(child.meta.perm).toMatch(/^\/saas\/\S+:(GET|POST)$/);
        }
      }
    });
  });
}
