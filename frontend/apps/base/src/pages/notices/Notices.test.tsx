// The notices against a stubbed saas-main: the list, the dialog, publishing and withdrawing.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import en from '../../messages/en';
import NoticeList from './NoticeList';
import type { NoticeRow } from './types';
import { lastGet, pageOf, pick, renderPage, serve, setUpPageTests, type, writes, type Call } from '@tradewind/shared/src/testing';
import { staffHolding } from '../../fixtures';

const notice: NoticeRow = {
  id: 41,
  saasId: 1,
  title: 'Maintenance on Sunday',
  content: 'The console is down from 2 to 3.',
  state: 2,
  publishedAt: 1_767_225_600_000,
  createDate: 1_767_225_600_000,
  modifyDate: 1_767_225_600_000,
};

setUpPageTests();

describe('notices', () => {
  it('lists the notices with their state, filtered by title and state', async () => {
    const calls = serve(() => pageOf([notice]));
    const { problems } = renderPage(NoticeList, en);
    expect(await screen.findByText('Maintenance on Sunday')).toBeTruthy();
    expect(screen.getByText('Withdrawn')).toBeTruthy();
    expect(calls[0].url.pathname).toBe('/api/saas-main/saas/noticeManager/notice/list');
    expect(Object.fromEntries(calls[0].url.searchParams)).toEqual({ page: '1', resultNum: '20' });

    fireEvent.change(screen.getByTestId('notices-title'), { target: { value: 'Maint' } });
    pick('State', 'Published');
    fireEvent.click(screen.getByTestId('search-inquire'));
    await waitFor(() =>
      expect(Object.fromEntries(lastGet(calls).url.searchParams)).toEqual({ page: '1', resultNum: '20', title: 'Maint', state: '1' }),
    );
    expect(problems).toEqual([]);
  });
});

describe('notice dialog and publishing', () => {
  const draft: NoticeRow = { ...notice, id: 42, state: 0, title: 'Draft one', content: 'Body', publishedAt: null };
  const live: NoticeRow = { ...notice, id: 43, state: 1, title: 'Live one' };
  const codes = ['/saas/noticeManager/notice/save:POST', '/saas/noticeManager/notice/update:PUT', '/saas/noticeManager/notice/publish:PUT', '/saas/noticeManager/notice/withdraw:PUT'];
  const answer = (c: Call) => (c.method === 'POST' ? { id: 44 } : c.method === 'PUT' ? true : pageOf([draft, live]));

  it('asks for the title and content and sends nothing', async () => {
    staffHolding(...codes);
    const calls = serve(answer);
    const { problems } = renderPage(NoticeList, en);
    fireEvent.click(await screen.findByTestId('notice-add'));
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('Please enter Title')).toBeTruthy();
    expect(screen.getByText('Please enter Content')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('writes a draft and changes another', async () => {
    staffHolding(...codes);
    const calls = serve(answer);
    renderPage(NoticeList, en);
    fireEvent.click(await screen.findByTestId('notice-add'));
    type('field-title', ' Holiday hours ');
    type('field-content', 'Closed on Monday.');
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({ method: 'POST', body: { title: 'Holiday hours', content: 'Closed on Monday.' } });
    expect(writes(calls)[0].url.pathname).toBe('/api/saas-main/saas/noticeManager/notice/save');
    await waitFor(() => expect(screen.queryByTestId('notice-dialog')).toBeNull());

    expect(screen.queryByTestId('notice-edit-43')).toBeNull();
    fireEvent.click(screen.getByTestId('notice-edit-42'));
    type('field-title', 'Draft two');
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    expect(writes(calls)[1]).toMatchObject({ method: 'PUT', body: { id: 42, title: 'Draft two', content: 'Body' } });
    expect(writes(calls)[1].url.pathname).toBe('/api/saas-main/saas/noticeManager/notice/update');
  });

  it('publishes and withdraws only once confirmed', async () => {
    staffHolding(...codes);
    const calls = serve(answer);
    renderPage(NoticeList, en);
    fireEvent.click(await screen.findByTestId('notice-publish-42'));
    expect(screen.getByText('Publish the notice “Draft one”? The tenant’s users see it on their dashboard.')).toBeTruthy();
    fireEvent.click(within(screen.getByTestId('confirm-dialog')).getByText('Cancel'));
    expect(writes(calls)).toEqual([]);
    fireEvent.click(screen.getByTestId('notice-publish-42'));
    fireEvent.click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({ method: 'PUT', body: { id: 42 } });
    expect(writes(calls)[0].url.pathname).toBe('/api/saas-main/saas/noticeManager/notice/publish');
    fireEvent.click(screen.getByTestId('notice-withdraw-43'));
    fireEvent.click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    expect(writes(calls)[1]).toMatchObject({ method: 'PUT', body: { id: 43 } });
    expect(writes(calls)[1].url.pathname).toBe('/api/saas-main/saas/noticeManager/notice/withdraw');
  });
});
