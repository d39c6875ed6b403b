// For the page tests: the services answered by a stub of fetch (every call recorded), and a
// page rendered in the shell's providers with every message problem collected.
import type { ComponentType } from 'react';
import { render } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { sharedEn } from '@tradewind/shared';
import { vi } from 'vitest';

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
