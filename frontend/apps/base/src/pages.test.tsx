// Each page calls its real endpoint with the filters the service takes, shows the answer with
// translated labels, and its actions send what the service expects.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { session } from '@tradewind/shared';
import en from './messages/en';
import { pageOf, renderPage, serve, type Call } from '@tradewind/shared/src/testing';
import UserList from './pages/users/UserList';
import type { UserRow } from './pages/users/types';
import LoginLogList from './pages/loginLogs/LoginLogList';
import type { LoginLogRow } from './pages/loginLogs/types';
import SupplierList from './pages/merchants/SupplierList';
import DistributorList from './pages/merchants/DistributorList';
import type { Merchant, MerchantRow } from './pages/merchants/types';
import SmsList from './pages/dispatches/SmsList';
import MailList from './pages/dispatches/MailList';
import SmsSentList from './pages/dispatches/SmsSentList';
import MailSentList from './pages/dispatches/MailSentList';
import type { DispatchRow } from './pages/dispatches/types';
import NotificationList from './pages/notifications/NotificationList';
import type { NotificationRow } from './pages/notifications/types';
import GroupList from './pages/groups/GroupList';
import type { GroupRow } from './pages/groups/types';
import ApiUserList from './pages/apiUsers/ApiUserList';
import type { ApiUserRow } from './pages/apiUsers/types';
import ActionLogList from './pages/actionLogs/ActionLogList';
import type { ActionLogRow } from './pages/actionLogs/types';
import NoticeList from './pages/notices/NoticeList';
import type { NoticeRow } from './pages/notices/types';
import ServiceList from './pages/boss/ServiceList';
import LicenceList from './pages/boss/LicenceList';
import BalanceLogList from './pages/boss/BalanceLogList';
import type { BalanceLogRow, LicenceRow, ServiceRow } from './pages/boss/types';
import TenantInfo from './pages/myInfo/TenantInfo';
import MerchantInfo from './pages/myInfo/MerchantInfo';
import type { MchSummary } from './pages/myInfo/types';
import type { TenantRow } from './pages/platform/types';
import TenantList from './pages/platform/TenantList';

const user: UserRow = {
  id: 7,
  username: 'alice',
  realName: 'Alice',
  mobile: '13800000000',
  email: 'alice@example.com',
  mscType: 311,
  userState: 2,
  lastLoginDate: null,
  loginCount: 3,
  lockedUntil: null,
  createDate: 1_767_225_600_000,
};

const loginLog: LoginLogRow = {
  id: 1,
  userId: 7,
  username: 'alice',
  ip: '10.0.0.1',
  userAgent: 'Firefox',
  result: 0,
  message: 'wrong password',
  createDate: 1_767_225_600_000,
};

const merchant: MerchantRow = {
  mchId: 2001,
  mchName: 'Sunrise Hotels',
  grade: 1,
  contactName: 'Bob',
  contactMobile: '13900000000',
  contactEmail: '',
  currency: 'CNY',
  creditUsed: 12_345,
  creditPermanent: 1_000_000,
  creditTemporary: 0,
  state: 1,
  createDate: 1_767_225_600_000,
};

function dispatch(id: number, state: number): DispatchRow {
  return {
    id,
    userId: 7,
    address: '13800000000',
    subject: '',
    content: 'New order 42',
    notifyType: 10,
    refId: '42',
    parts: 1,
    partsSent: 0,
    state,
    attempts: 5,
    nextAttemptAt: 0,
    lastError: 'provider down',
    createDate: 1_767_225_600_000,
    sendDate: 0,
  };
}

const unread: NotificationRow = {
  id: 31,
  notifyType: 0,
  message: 'New hotel order 42',
  refId: '42',
  actionUrl: '/saas-hotel-app/order/supplier/list?orderId=42',
  createDate: 1_767_225_600_000,
  readDate: 0,
  read: false,
};

const group: GroupRow = {
  id: 11,
  name: 'Order desk',
  remarks: 'handles orders',
  permCodes: ['/saas/order/**', '/saas/account/user/list:GET'],
  userCount: 4,
  createDate: 1_767_225_600_000,
  modifyDate: 1_767_225_600_000,
};

const apiUser: ApiUserRow = {
  id: 21,
  name: 'Booking engine',
  mscType: 511,
  mchId: 2001,
  appKey: 'ak-123',
  state: 2,
  remarks: '',
  createDate: 1_767_225_600_000,
  modifyDate: 1_767_225_600_000,
};

const actionLog: ActionLogRow = {
  id: 3,
  userId: 7,
  username: 'alice',
  action: 'group.update',
  target: 'Order desk',
  ip: '10.0.0.1',
  createDate: 1_767_225_600_000,
};

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

const service: ServiceRow = {
  id: 1,
  serviceName: 'SMS pack 1000',
  serviceDesc: '1000 order notification SMS',
  appName: 'saas-app',
  serviceType: 2,
  serviceClass: 'SMS_NOTICE',
  licenseData: 'saas/notify/sms',
  licenseValue: 1000,
  licenseUnit: 'count',
  price: 6000,
  serviceRank: 1,
  state: 1,
};

const licences: LicenceRow[] = [
  { licenseName: 'saas/notify/sms', licenseValue: 950, expireDate: null, lastBuyDate: 1_767_225_600_000, lastConsumeDate: null, state: 1 },
  { licenseName: 'saas/notify/mail', licenseValue: 0, expireDate: 1_767_225_600_000, lastBuyDate: null, lastConsumeDate: null, state: 0 },
];

const balanceLog: BalanceLogRow = {
  id: 51,
  logType: -1,
  amount: 6000,
  balanceAfter: 123_456,
  state: 1,
  serviceId: 1,
  remarks: 'SMS pack 1000',
  createDate: 1_767_225_600_000,
};

const gets = (calls: Call[]) => calls.filter((c) => c.method === 'GET');
const lastGet = (calls: Call[]) => gets(calls)[gets(calls).length - 1];

function pick(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
}

beforeEach(() => {
  session.clear();
  session.setTokens('token-1');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the test harness', () => {
  it('reports a message the page needs and the locale lacks', async () => {
    serve(() => pageOf([user]));
    const partial = Object.fromEntries(Object.entries(en).filter(([k]) => k !== 'base.users.title'));
    const { problems } = renderPage(UserList, partial);
    await screen.findByText('alice');
    expect(problems.some((p) => p.includes('base.users.title'))).toBe(true);
  });
});

describe('users', () => {
  it('lists the users with their type and state, filtered by username and state', async () => {
    const calls = serve(() => pageOf([user]));
    const { problems } = renderPage(UserList, en);
    expect(await screen.findByText('alice')).toBeTruthy();
    expect(screen.getByText('Supplier')).toBeTruthy();
    expect(screen.getByText('Disabled')).toBeTruthy();
    // The username over the real name, the mobile over the e-mail: one column each.
    const cells = within(screen.getByText('alice').closest('tr') as HTMLElement).getAllByRole('cell');
    expect(cells[1].textContent).toBe('aliceAlice');
    expect(cells[2].textContent).toBe('13800000000alice@example.com');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['ID', 'User', 'Contact', 'User type', 'State', 'Last login', 'Logins', 'Created']);
    expect(calls[0].url.pathname).toBe('/api/auth-center/saas/account/user/list');
    expect(Object.fromEntries(calls[0].url.searchParams)).toEqual({ page: '1', resultNum: '20' });

    fireEvent.change(screen.getByTestId('users-username'), { target: { value: ' ali ' } });
    pick('State', 'Locked');
    fireEvent.click(screen.getByTestId('search-inquire'));
    await waitFor(() => expect(lastGet(calls).url.searchParams.get('username')).toBe('ali'));
    expect(lastGet(calls).url.searchParams.get('userState')).toBe('1');
    expect(problems).toEqual([]);
  });
});

describe('login logs', () => {
  it('sends the days as ms bounds and the result', async () => {
    const calls = serve(() => pageOf([loginLog]));
    const { problems } = renderPage(LoginLogList, en);
    expect(await screen.findByText('wrong password')).toBeTruthy();
    expect(screen.getByText('Failure')).toBeTruthy();
    expect(calls[0].url.pathname).toBe('/api/auth-center/saas/log/userLog/listUserLoginLog');

    fireEvent.change(screen.getByTestId('login-logs-start'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByTestId('login-logs-end'), { target: { value: '2026-03-02' } });
    pick('Result', 'Success');
    fireEvent.click(screen.getByTestId('search-inquire'));
    await waitFor(() => expect(lastGet(calls).url.searchParams.get('startTime')).toBe(String(new Date(2026, 2, 1).getTime())));
    expect(lastGet(calls).url.searchParams.get('endTime')).toBe(String(new Date(2026, 2, 3).getTime() - 1));
    expect(lastGet(calls).url.searchParams.get('result')).toBe('1');

    fireEvent.click(screen.getByTestId('search-reset'));
    await waitFor(() => expect(Object.fromEntries(lastGet(calls).url.searchParams)).toEqual({ page: '1', resultNum: '20' }));
    expect(problems).toEqual([]);
  });
});

describe('merchants', () => {
  it('lists suppliers with credits in yuan', async () => {
    const calls = serve(() => pageOf([merchant]));
    const { problems } = renderPage(SupplierList, en);
    expect(await screen.findByText('Sunrise Hotels')).toBeTruthy();
    expect(screen.getByText('10000.00')).toBeTruthy();
    expect(screen.getByText('123.45')).toBeTruthy();
    expect(screen.getByText('Normal')).toBeTruthy();
    expect(screen.getByTestId('base-suppliers-table')).toBeTruthy();
    expect(calls[0].url.pathname).toBe('/api/saas-main/saas/merchant/supplierInfos/list');
    expect(problems).toEqual([]);
  });

  it('lists distributors by name and state', async () => {
    const calls = serve(() => pageOf([merchant]));
    const { problems } = renderPage(DistributorList, en);
    await screen.findByText('Sunrise Hotels');
    fireEvent.change(screen.getByTestId('merchants-name'), { target: { value: 'Sun' } });
    pick('State', 'Stopped');
    fireEvent.click(screen.getByTestId('search-inquire'));
    await waitFor(() => expect(lastGet(calls).url.searchParams.get('mchName')).toBe('Sun'));
    expect(lastGet(calls).url.pathname).toBe('/api/saas-main/saas/merchant/distributorInfos/list');
    expect(lastGet(calls).url.searchParams.get('state')).toBe('2');
    expect(problems).toEqual([]);
  });
});

function staffWithResend() {
  session.setUser({ id: 1, username: 'admin', saasId: 1, mchId: 0, mscType: 200 }, null);
  session.setPermissions([
    { permCode: '/saas/msg/smsQueue/resend:PUT', appId: 1 },
    { permCode: '/saas/msg/mailQueue/resend:PUT', appId: 1 },
  ]);
}

describe('SMS and mail', () => {
  it('resends a failed text and reloads the page it is on', async () => {
    staffWithResend();
    const calls = serve((c) => (c.method === 'PUT' ? true : pageOf([dispatch(5, 3), dispatch(6, 2)])));
    const { problems } = renderPage(SmsList, en);
    expect(await screen.findAllByText('New order 42')).toHaveLength(2);
    expect(screen.getByText('Failed')).toBeTruthy();
    expect(screen.getAllByText('New order (distributor)')).toHaveLength(2);
    expect(calls[0].url.pathname).toBe('/api/message-server/saas/msg/smsQueue/list');
    expect(screen.queryByTestId('resend-6')).toBeNull();

    fireEvent.click(screen.getByTestId('resend-5'));
    await waitFor(() => expect(gets(calls)).toHaveLength(2));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url.pathname).toBe('/api/message-server/saas/msg/smsQueue/resend');
    expect(put?.body).toEqual({ id: 5 });
    expect(lastGet(calls).url.searchParams.get('page')).toBe('1');
    expect(problems).toEqual([]);
  });

  it('filters the text queue by state and mobile prefix', async () => {
    const calls = serve(() => pageOf([dispatch(5, 4)]));
    renderPage(SmsList, en);
    await screen.findByText('Refused');
    fireEvent.change(screen.getByTestId('dispatches-address'), { target: { value: '138' } });
    pick('State', 'Refused');
    fireEvent.click(screen.getByTestId('search-inquire'));
    await waitFor(() => expect(lastGet(calls).url.searchParams.get('mobile')).toBe('138'));
    expect(lastGet(calls).url.searchParams.get('state')).toBe('4');
  });

  it('offers no resend to a merchant user', async () => {
    session.setUser({ id: 2, username: 'sup', saasId: 1, mchId: 2001, mscType: 311 }, null);
    session.setPermissions([{ permCode: '/saas/msg/mailQueue/resend:PUT', appId: 1 }]);
    const calls = serve(() => pageOf([{ ...dispatch(8, 3), address: 'a@example.com', subject: 'Tradewind: new order' }]));
    const { problems } = renderPage(MailList, en);
    expect(await screen.findByText('Tradewind: new order')).toBeTruthy();
    expect(screen.queryByTestId('resend-8')).toBeNull();
    expect(calls[0].url.pathname).toBe('/api/message-server/saas/msg/mailQueue/list');
    fireEvent.change(screen.getByTestId('dispatches-address'), { target: { value: 'a@' } });
    fireEvent.click(screen.getByTestId('search-inquire'));
    await waitFor(() => expect(lastGet(calls).url.searchParams.get('email')).toBe('a@'));
    expect(problems).toEqual([]);
  });
});

describe('SMS and mail sent', () => {
  it('lists the texts sent, by mobile prefix, without a state filter or resend', async () => {
    staffWithResend();
    const calls = serve(() => pageOf([dispatch(5, 2)]));
    const { problems } = renderPage(SmsSentList, en);
    expect(await screen.findByText('SMS sent')).toBeTruthy();
    await screen.findByText('New order 42');
    expect(calls[0].url.pathname).toBe('/api/message-server/saas/msg/sms/list');
    expect(screen.queryByTestId('dispatches-state')).toBeNull();
    expect(screen.queryByTestId('resend-5')).toBeNull();
    fireEvent.change(screen.getByTestId('dispatches-address'), { target: { value: '139' } });
    fireEvent.click(screen.getByTestId('search-inquire'));
    await waitFor(() => expect(lastGet(calls).url.searchParams.get('mobile')).toBe('139'));
    expect(lastGet(calls).url.searchParams.has('state')).toBe(false);
    expect(problems).toEqual([]);
  });

  it('lists the mails sent', async () => {
    const calls = serve(() => pageOf([{ ...dispatch(8, 2), address: 'a@example.com', subject: 'Tradewind: new order' }]));
    const { problems } = renderPage(MailSentList, en);
    expect(await screen.findByText('Tradewind: new order')).toBeTruthy();
    expect(calls[0].url.pathname).toBe('/api/message-server/saas/msg/mail/list');
    expect(problems).toEqual([]);
  });
});

describe('my notifications', () => {
  it('marks one read, then all, and filters the unread', async () => {
    const calls = serve((c) => (c.method === 'PUT' ? { changed: 1 } : pageOf([unread])));
    const { problems } = renderPage(NotificationList, en);
    expect(await screen.findByText('New hotel order 42')).toBeTruthy();
    expect(screen.getByText('New order (supplier)')).toBeTruthy();
    expect(calls[0].url.pathname).toBe('/api/message-server/saas/notify/message/list');

    fireEvent.click(screen.getByTestId('mark-read-31'));
    await waitFor(() => expect(gets(calls)).toHaveLength(2));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ ids: [31] });

    fireEvent.click(screen.getByTestId('mark-all-read'));
    await waitFor(() => expect(gets(calls)).toHaveLength(3));
    expect(calls.filter((c) => c.method === 'PUT')[1].body).toEqual({ ids: [] });

    fireEvent.click(within(screen.getByTestId('notifications-unread')).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('search-inquire'));
    await waitFor(() => expect(lastGet(calls).url.searchParams.get('unread')).toBe('true'));
    expect(problems).toEqual([]);
  });

  it('opens the order a notification is about, marking it read', async () => {
    const calls = serve((c) => (c.method === 'PUT' ? { changed: 1 } : pageOf([unread])));
    renderPage(NotificationList, en);
    fireEvent.click(await screen.findByText('New hotel order 42'));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/saas-hotel-app/order/supplier/list?orderId=42'),
    );
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ ids: [31] });
  });
});

describe('permission groups', () => {
  it('lists the groups with their codes, filtered by name', async () => {
    const calls = serve(() => pageOf([group]));
    const { problems } = renderPage(GroupList, en);
    expect(await screen.findByText('Order desk')).toBeTruthy();
    expect(screen.getByText('/saas/order/**, /saas/account/user/list:GET')).toBeTruthy();
    expect(screen.getByTestId('base-groups-table')).toBeTruthy();
    expect(calls[0].url.pathname).toBe('/api/auth-center/saas/account/group/list');
    expect(Object.fromEntries(calls[0].url.searchParams)).toEqual({ page: '1', resultNum: '20' });

    fireEvent.change(screen.getByTestId('groups-name'), { target: { value: ' desk ' } });
    fireEvent.click(screen.getByTestId('search-inquire'));
    await waitFor(() => expect(Object.fromEntries(lastGet(calls).url.searchParams)).toEqual({ page: '1', resultNum: '20', name: 'desk' }));
    expect(problems).toEqual([]);
  });
});

describe('API users', () => {
  it('lists the API users with their type and state, filtered by name', async () => {
    const calls = serve(() => pageOf([apiUser]));
    const { problems } = renderPage(ApiUserList, en);
    expect(await screen.findByText('Booking engine')).toBeTruthy();
    expect(screen.getByText('API supplier')).toBeTruthy();
    expect(screen.getByText('Disabled')).toBeTruthy();
    expect(screen.getByText('ak-123')).toBeTruthy();
    expect(calls[0].url.pathname).toBe('/api/auth-center/saas/account/api/list');
    expect(Object.fromEntries(calls[0].url.searchParams)).toEqual({ page: '1', resultNum: '20' });

    fireEvent.change(screen.getByTestId('api-users-name'), { target: { value: 'Book' } });
    fireEvent.click(screen.getByTestId('search-inquire'));
    await waitFor(() => expect(Object.fromEntries(lastGet(calls).url.searchParams)).toEqual({ page: '1', resultNum: '20', name: 'Book' }));
    expect(problems).toEqual([]);
  });
});

describe('action logs', () => {
  it('sends the username, the action and the days as ms bounds', async () => {
    const calls = serve(() => pageOf([actionLog]));
    const { problems } = renderPage(ActionLogList, en);
    expect(await screen.findByText('group.update')).toBeTruthy();
    expect(screen.getByText('Order desk')).toBeTruthy();
    expect(calls[0].url.pathname).toBe('/api/auth-center/saas/log/userLog/listUserActionLog');
    expect(Object.fromEntries(calls[0].url.searchParams)).toEqual({ page: '1', resultNum: '20' });

    fireEvent.change(screen.getByTestId('action-logs-username'), { target: { value: 'ali' } });
    fireEvent.change(screen.getByTestId('action-logs-action'), { target: { value: ' user. ' } });
    fireEvent.change(screen.getByTestId('action-logs-start'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByTestId('action-logs-end'), { target: { value: '2026-03-02' } });
    fireEvent.click(screen.getByTestId('search-inquire'));
    await waitFor(() =>
      expect(Object.fromEntries(lastGet(calls).url.searchParams)).toEqual({
        page: '1',
        resultNum: '20',
        username: 'ali',
        action: 'user.',
        startTime: String(new Date(2026, 2, 1).getTime()),
        endTime: String(new Date(2026, 2, 3).getTime() - 1),
      }),
    );
    expect(problems).toEqual([]);
  });
});

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

describe('service catalogue', () => {
  it('lists the services with the price in yuan, filtered by state and type', async () => {
    const calls = serve(() => pageOf([service]));
    const { problems } = renderPage(ServiceList, en);
    expect(await screen.findByText('SMS pack 1000')).toBeTruthy();
    expect(screen.getByText('60.00')).toBeTruthy();
    expect(screen.getByText('Quantity licence')).toBeTruthy();
    expect(screen.getByText('SMS notifications')).toBeTruthy();
    expect(screen.getByText('Count')).toBeTruthy();
    expect(screen.getByText('On sale')).toBeTruthy();
    expect(calls[0].url.pathname).toBe('/api/saas-main/saas/boss/service/list');
    expect(Object.fromEntries(calls[0].url.searchParams)).toEqual({ page: '1', resultNum: '20' });

    pick('State', 'Off sale');
    pick('Service type', 'Feature licence');
    fireEvent.click(screen.getByTestId('search-inquire'));
    await waitFor(() =>
      expect(Object.fromEntries(lastGet(calls).url.searchParams)).toEqual({ page: '1', resultNum: '20', state: '-1', serviceType: '1' }),
    );
    expect(problems).toEqual([]);
  });
});

describe('licences', () => {
  it('lists every licence with its state, without paging', async () => {
    const calls = serve(() => licences);
    const { problems } = renderPage(LicenceList, en);
    expect(await screen.findByText('saas/notify/sms')).toBeTruthy();
    expect(screen.getByText('950')).toBeTruthy();
    expect(screen.getByText('Normal')).toBeTruthy();
    expect(screen.getByText('Expired')).toBeTruthy();
    expect(screen.getByTestId('base-licences-table')).toBeTruthy();
    expect(calls).toHaveLength(1);
    expect(calls[0].url.pathname).toBe('/api/saas-main/saas/boss/license/list');
    expect(Object.fromEntries(calls[0].url.searchParams)).toEqual({});
    expect(problems).toEqual([]);
  });
});

describe('balance log', () => {
  it('lists the log with amounts in yuan, filtered by type and state', async () => {
    const calls = serve(() => pageOf([balanceLog]));
    const { problems } = renderPage(BalanceLogList, en);
    expect(await screen.findByText('SMS pack 1000')).toBeTruthy();
    expect(screen.getByText('60.00')).toBeTruthy();
    expect(screen.getByText('1234.56')).toBeTruthy();
    expect(screen.getByText('Consumption')).toBeTruthy();
    expect(screen.getByText('Success')).toBeTruthy();
    expect(calls[0].url.pathname).toBe('/api/saas-main/saas/boss/balanceLog/list');
    expect(Object.fromEntries(calls[0].url.searchParams)).toEqual({ page: '1', resultNum: '20' });

    pick('Type', 'Top-up');
    pick('State', 'Failed');
    fireEvent.click(screen.getByTestId('search-inquire'));
    await waitFor(() =>
      expect(Object.fromEntries(lastGet(calls).url.searchParams)).toEqual({ page: '1', resultNum: '20', logType: '1', state: '-1' }),
    );
    expect(problems).toEqual([]);
  });
});

// ---- The editing forms: the browser's rules first (nothing sent), then exactly what each
// endpoint takes; confirmation actions send only once confirmed.

/** Like `serve`, but a call `refuse` answers is refused with a 412 naming a field. */
function serveRefusing(answer: (call: Call) => unknown, refuse: (call: Call) => { field: string; reason: string } | null): Call[] {
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

const writes = (calls: Call[]) => calls.filter((c) => c.method !== 'GET');

function staffHolding(...codes: string[]) {
  session.setUser({ id: 1, username: 'admin', saasId: 1, mchId: 0, mscType: 200 }, null);
  session.setPermissions(codes.map((permCode) => ({ permCode, appId: 1 })));
}

function type(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

function choose(label: RegExp, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(within(screen.getAllByRole('listbox').at(-1) as HTMLElement).getByRole('option', { name: option }));
}

function closeMenu() {
  fireEvent.keyDown(screen.getAllByRole('listbox').at(-1) as HTMLElement, { key: 'Escape' });
}

describe('user dialog', () => {
  const codes = ['/saas/account/user/save:POST', '/saas/account/user/update:PUT', '/saas/account/user/lock:PUT', '/saas/account/user/unlock:PUT', '/saas/account/user/disable:PUT'];
  const answer = (c: Call) => {
    if (c.method !== 'GET') return c.url.pathname.endsWith('/save') ? { id: 9 } : true;
    if (c.url.pathname.endsWith('/group/list')) return pageOf([group]);
    if (c.url.pathname.endsWith('/supplierInfos/loadForSelect')) return [{ id: 2001, name: 'Sunrise Hotels' }];
    return pageOf([{ ...user, userState: 0, mchId: 2001, groupIds: [11], nickName: '', roleType: 0, userGrade: 0, ipFilterType: 0, ipFilterValue: '', remarks: '', isManager: false }]);
  };

  it('offers no add or row actions without the codes', async () => {
    staffHolding();
    serve(answer);
    renderPage(UserList, en);
    await screen.findByText('alice');
    expect(screen.queryByTestId('user-add')).toBeNull();
    expect(screen.queryByTestId('user-edit-7')).toBeNull();
    expect(screen.queryByTestId('user-states-7')).toBeNull();
  });

  it('asks for the username and password first and sends nothing', async () => {
    staffHolding(...codes);
    const calls = serve(answer);
    const { problems } = renderPage(UserList, en);
    fireEvent.click(await screen.findByTestId('user-add'));
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('Please enter Username')).toBeTruthy();
    expect(screen.getByText('Please enter Password')).toBeTruthy();
    expect(screen.getByText('Please select User type')).toBeTruthy();
    type('field-username', 'bob');
    type('field-password', '12345');
    type('field-email', 'bob@x');
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('Password cannot be less than 6 characters')).toBeTruthy();
    expect(screen.getByText('Wrong e-mail format!')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('creates a supplier user of a merchant with its groups', async () => {
    staffHolding(...codes);
    const calls = serve(answer);
    const { problems } = renderPage(UserList, en);
    fireEvent.click(await screen.findByTestId('user-add'));
    type('field-username', ' bob ');
    type('field-password', 'secret1');
    choose(/^User type/, 'Supplier');
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('Please select Merchant')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/supplierInfos/loadForSelect'))).toBe(true));
    choose(/^Merchant/, 'Sunrise Hotels');
    choose(/^Permission groups/, 'Order desk');
    closeMenu();
    type('field-mobile', '13900000000');
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    const post = writes(calls)[0];
    expect(post.method).toBe('POST');
    expect(post.url.pathname).toBe('/api/auth-center/saas/account/user/save');
    expect(post.body).toEqual({
      username: 'bob',
      password: 'secret1',
      realName: '',
      nickName: '',
      mscType: 311,
      mchId: 2001,
      mobile: '13900000000',
      email: '',
      isManager: false,
      roleType: 0,
      userGrade: 0,
      userState: 0,
      ipFilterType: 0,
      ipFilterValue: '',
      groupIds: [11],
      remarks: '',
    });
    await waitFor(() => expect(screen.queryByTestId('user-dialog')).toBeNull());
    expect(gets(calls).filter((c) => c.url.pathname.endsWith('/user/list')).length).toBeGreaterThan(1);
    expect(problems).toEqual([]);
  });

  it("shows the server's reason under the username it names", async () => {
    staffHolding(...codes);
    const calls = serveRefusing(answer, (c) => (c.method === 'POST' ? { field: 'username', reason: 'this login name is taken' } : null));
    renderPage(UserList, en);
    fireEvent.click(await screen.findByTestId('user-add'));
    type('field-username', 'alice');
    type('field-password', 'secret1');
    choose(/^User type/, 'Operator staff');
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('this login name is taken')).toBeTruthy();
    expect(screen.getByTestId('user-dialog')).toBeTruthy();
    expect(writes(calls)).toHaveLength(1);
    expect((writes(calls)[0].body as { mchId: number }).mchId).toBe(0);
  });

  it('changes a user without sending a password unless one is typed', async () => {
    staffHolding(...codes);
    const calls = serve(answer);
    renderPage(UserList, en);
    fireEvent.click(await screen.findByTestId('user-edit-7'));
    expect((screen.getByTestId('field-username') as HTMLInputElement).disabled).toBe(true);
    type('field-realName', 'Alice Liu');
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    const put = writes(calls)[0];
    expect(put.method).toBe('PUT');
    expect(put.url.pathname).toBe('/api/auth-center/saas/account/user/update');
    expect(put.body).toEqual({
      id: 7,
      realName: 'Alice Liu',
      nickName: '',
      mscType: 311,
      mchId: 2001,
      mobile: '13800000000',
      email: 'alice@example.com',
      isManager: false,
      roleType: 0,
      userGrade: 0,
      userState: 0,
      ipFilterType: 0,
      ipFilterValue: '',
      groupIds: [11],
      remarks: '',
    });
  });

  it('locks a user only once the question is confirmed', async () => {
    staffHolding(...codes);
    const calls = serve(answer);
    renderPage(UserList, en);
    fireEvent.click(await screen.findByTestId('user-states-7'));
    // A normal user can be locked or disabled, not unlocked.
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['Lock', 'Disable']);
    fireEvent.click(screen.getByTestId('user-lock-7'));
    expect(screen.getByText('Lock user alice? Their sessions end.')).toBeTruthy();
    fireEvent.click(within(screen.getByTestId('confirm-dialog')).getByText('Cancel'));
    expect(writes(calls)).toEqual([]);
    fireEvent.click(screen.getByTestId('user-states-7'));
    fireEvent.click(screen.getByTestId('user-disable-7'));
    expect(screen.getByText('Disable user alice? Their sessions end.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].method).toBe('PUT');
    expect(writes(calls)[0].url.pathname).toBe('/api/auth-center/saas/account/user/disable');
    expect(writes(calls)[0].body).toEqual({ id: 7 });
    expect(screen.queryByTestId('user-unlock-7')).toBeNull();
  });

  it('offers the signed-in user no lock or disable of themselves', async () => {
    staffHolding(...codes);
    session.setUser({ id: 7, username: 'alice', saasId: 1, mchId: 0, mscType: 200 }, null);
    serve(answer);
    renderPage(UserList, en);
    await screen.findByTestId('user-edit-7');
    // Neither lock nor disable: the state menu has nothing to offer.
    expect(screen.queryByTestId('user-states-7')).toBeNull();
  });

  it('unlocks a locked user after the question', async () => {
    staffHolding(...codes);
    const calls = serve((c) => (c.url.pathname.endsWith('/user/list') ? pageOf([{ ...user, userState: 1 }]) : answer(c)));
    renderPage(UserList, en);
    fireEvent.click(await screen.findByTestId('user-states-7'));
    expect(screen.queryByTestId('user-lock-7')).toBeNull();
    fireEvent.click(screen.getByTestId('user-unlock-7'));
    fireEvent.click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].url.pathname).toBe('/api/auth-center/saas/account/user/unlock');
    expect(writes(calls)[0].body).toEqual({ id: 7 });
  });
});

describe('permission group dialog', () => {
  const catalogue = [
    { permCode: '/saas/account/user/list:GET', appId: 1, service: 'auth-center', summary: 'List users' },
    { permCode: '/saas/account/user/save:POST', appId: 1, service: 'auth-center', summary: 'Create a user' },
  ];
  const answer = (c: Call) => {
    if (c.method !== 'GET') return c.method === 'POST' ? { id: 12 } : true;
    if (c.url.pathname.endsWith('/listPermissions')) return catalogue;
    if (c.url.pathname.endsWith('/group/load')) return group;
    return pageOf([group]);
  };

  it('asks for the name and sends nothing', async () => {
    staffHolding('/saas/account/group/save:POST');
    const calls = serve(answer);
    const { problems } = renderPage(GroupList, en);
    fireEvent.click(await screen.findByTestId('group-add'));
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('Please enter Name')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
    expect(screen.queryByTestId('group-edit-11')).toBeNull();
    expect(problems).toEqual([]);
  });

  it('creates a group with codes chosen from the catalogue', async () => {
    staffHolding('/saas/account/group/save:POST');
    const calls = serve(answer);
    renderPage(GroupList, en);
    fireEvent.click(await screen.findByTestId('group-add'));
    type('field-name', ' Desk ');
    type('field-remarks', 'front desk');
    fireEvent.click(await screen.findByText('Create a user'));
    // Ticking an area ticks its codes; the filter narrows what is shown.
    fireEvent.click(screen.getByTestId('area-account'));
    fireEvent.click(screen.getByTestId('area-account'));
    expect(screen.getByText('Accounts (0/2)')).toBeTruthy();
    fireEvent.click(screen.getByTestId('code-/saas/account/user/save:POST'));
    type('permission-filter', 'list users');
    expect(screen.queryByText('Create a user')).toBeNull();
    expect(screen.getByText('List users')).toBeTruthy();
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].method).toBe('POST');
    expect(writes(calls)[0].url.pathname).toBe('/api/auth-center/saas/account/group/save');
    expect(writes(calls)[0].body).toEqual({ name: 'Desk', remarks: 'front desk', permCodes: ['/saas/account/user/save:POST'] });
  });

  it('changes a group as loaded, keeping its subtree grant', async () => {
    staffHolding('/saas/account/group/update:PUT');
    const calls = serve(answer);
    renderPage(GroupList, en);
    fireEvent.click(await screen.findByTestId('group-edit-11'));
    await waitFor(() => expect((screen.getByTestId('field-name') as HTMLInputElement).value).toBe('Order desk'));
    expect(calls.find((c) => c.url.pathname.endsWith('/group/load'))?.url.searchParams.get('id')).toBe('11');
    // The subtree grant the catalogue does not list is shown, ticked.
    expect(within(screen.getByTestId('permission-picker')).getByText('/saas/order/**')).toBeTruthy();
    expect(screen.getByText('Accounts (1/2)')).toBeTruthy();
    type('field-name', 'Orders');
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].method).toBe('PUT');
    expect(writes(calls)[0].url.pathname).toBe('/api/auth-center/saas/account/group/update');
    expect(writes(calls)[0].body).toEqual({ id: 11, name: 'Orders', remarks: 'handles orders', permCodes: ['/saas/order/**', '/saas/account/user/list:GET'] });
  });
});

describe('API user dialog', () => {
  const answer = (c: Call) => {
    if (c.method === 'POST') return { id: 22, appKey: 'twabc', appSecret: 's3cret' };
    if (c.method === 'PUT') return { id: 21, appKey: 'ak-123' };
    if (c.url.pathname.endsWith('/distributorInfos/loadForSelect')) return [{ id: 3001, name: 'Blue Travel' }];
    if (c.url.pathname.endsWith('/api/load')) return apiUser;
    if (c.url.pathname.endsWith('/supplierInfos/loadForSelect')) return [{ id: 2001, name: 'Sunrise Hotels' }];
    return pageOf([apiUser]);
  };

  it('asks for the name and type and sends nothing', async () => {
    staffHolding('/saas/account/api/save:POST');
    const calls = serve(answer);
    const { problems } = renderPage(ApiUserList, en);
    fireEvent.click(await screen.findByTestId('api-user-add'));
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('Please enter Name')).toBeTruthy();
    expect(screen.getByText('Please select Type')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('creates an API distributor and shows its secret once', async () => {
    staffHolding('/saas/account/api/save:POST');
    const calls = serve(answer);
    const { problems } = renderPage(ApiUserList, en);
    fireEvent.click(await screen.findByTestId('api-user-add'));
    type('field-name', 'Channel feed');
    choose(/^Type/, 'API distributor');
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/distributorInfos/loadForSelect'))).toBe(true));
    choose(/^Merchant ID/, 'Blue Travel');
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].method).toBe('POST');
    expect(writes(calls)[0].url.pathname).toBe('/api/auth-center/saas/account/api/save');
    expect(writes(calls)[0].body).toEqual({ name: 'Channel feed', mscType: 512, mchId: 3001, state: 0, remarks: '' });
    expect((await screen.findByTestId('api-app-secret')).textContent).toBe('s3cret');
    expect(screen.getByTestId('api-app-key').textContent).toBe('twabc');
    fireEvent.click(screen.getByTestId('api-secret-close'));
    await waitFor(() => expect(screen.queryByTestId('api-secret-dialog')).toBeNull());
    expect(problems).toEqual([]);
  });

  it('changes an API user as loaded, asking for a new secret when ticked', async () => {
    staffHolding('/saas/account/api/update:PUT');
    const calls = serve(answer);
    renderPage(ApiUserList, en);
    fireEvent.click(await screen.findByTestId('api-user-edit-21'));
    await waitFor(() => expect((screen.getByTestId('field-name') as HTMLInputElement).value).toBe('Booking engine'));
    fireEvent.click(screen.getByTestId('field-resetSecret'));
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].method).toBe('PUT');
    expect(writes(calls)[0].url.pathname).toBe('/api/auth-center/saas/account/api/update');
    expect(writes(calls)[0].body).toEqual({ id: 21, name: 'Booking engine', mscType: 511, mchId: 2001, state: 2, remarks: '', resetSecret: true });
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

describe('merchant dialog and detail', () => {
  const full: Merchant = {
    ...merchant,
    saasId: 1,
    mchType: 1,
    isWhitelist: false,
    language: 'en',
    withdrawFee: 2,
    isWithdraw: true,
    withdrawLimit: 50,
    isConfirmOrder: true,
    isDisplayStock: false,
    priceCodexPurchase: '',
    priceCodexDistribution: '',
    priceCodexRetail: '',
    supplierOrderManage: false,
    presaleVisible: false,
    groupPurchase: false,
    remarks: 'prefers mail',
    modifyDate: 1_767_225_600_000,
  };
  const codes = ['/saas/merchant/supplierInfos/save:POST', '/saas/merchant/supplierInfos/update:PUT', '/saas/merchant/supplierInfos/load:GET'];
  const answer = (c: Call) => (c.method === 'POST' ? { mchId: 2002 } : c.method === 'PUT' ? full : c.url.pathname.endsWith('/load') ? full : pageOf([merchant]));

  it('asks for the name and checks the phone and credit, sending nothing', async () => {
    staffHolding(...codes);
    const calls = serve(answer);
    const { problems } = renderPage(SupplierList, en);
    fireEvent.click(await screen.findByTestId('merchant-add'));
    expect(screen.getByText('Add supplier')).toBeTruthy();
    type('field-contactMobile', '12');
    type('field-creditPermanent', '1.234');
    type('field-currency', 'cny');
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('Please enter Name')).toBeTruthy();
    expect(screen.getByText('Wrong phone format!')).toBeTruthy();
    expect(screen.getByText('Please enter an amount with at most two decimals')).toBeTruthy();
    expect(screen.getByText('A 3-letter currency code such as CNY')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('adds a supplier with its credits in fen', async () => {
    staffHolding(...codes);
    const calls = serve(answer);
    renderPage(SupplierList, en);
    fireEvent.click(await screen.findByTestId('merchant-add'));
    type('field-mchName', ' Harbour Inn ');
    type('field-contactMobile', '0571-88886666');
    type('field-creditPermanent', '1000.5');
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].method).toBe('POST');
    expect(writes(calls)[0].url.pathname).toBe('/api/saas-main/saas/merchant/supplierInfos/save');
    expect(writes(calls)[0].body).toEqual({
      mchName: 'Harbour Inn',
      grade: 0,
      contactName: '',
      contactMobile: '0571-88886666',
      contactEmail: '',
      isWhitelist: false,
      currency: 'CNY',
      language: 'zh-cn',
      withdrawFee: 0,
      isWithdraw: false,
      withdrawLimit: 0,
      isConfirmOrder: false,
      isDisplayStock: false,
      priceCodexPurchase: '',
      priceCodexDistribution: '',
      priceCodexRetail: '',
      creditPermanent: 100050,
      creditTemporary: 0,
      supplierOrderManage: false,
      presaleVisible: false,
      groupPurchase: false,
      state: 1,
      remarks: '',
    });
  });

  it("puts the server's reason under the merchant name", async () => {
    staffHolding(...codes);
    const calls = serveRefusing(answer, (c) => (c.method === 'POST' ? { field: 'mchName', reason: 'a merchant of this name exists' } : null));
    renderPage(SupplierList, en);
    fireEvent.click(await screen.findByTestId('merchant-add'));
    type('field-mchName', 'Sunrise Hotels');
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('a merchant of this name exists')).toBeTruthy();
    expect(writes(calls)).toHaveLength(1);
    expect(screen.getByTestId('merchant-dialog')).toBeTruthy();
  });

  it('changes a supplier as loaded, its credits back in fen', async () => {
    staffHolding(...codes);
    const calls = serve(answer);
    renderPage(SupplierList, en);
    fireEvent.click(await screen.findByTestId('merchant-edit-2001'));
    await waitFor(() => expect((screen.getByTestId('field-creditPermanent') as HTMLInputElement).value).toBe('10000'));
    expect(calls.find((c) => c.url.pathname.endsWith('/supplierInfos/load'))?.url.searchParams.get('mchId')).toBe('2001');
    type('field-creditTemporary', '20.05');
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].method).toBe('PUT');
    expect(writes(calls)[0].url.pathname).toBe('/api/saas-main/saas/merchant/supplierInfos/update');
    expect(writes(calls)[0].body).toMatchObject({
      mchId: 2001,
      mchName: 'Sunrise Hotels',
      language: 'en',
      withdrawFee: 2,
      withdrawLimit: 50,
      isWithdraw: true,
      creditPermanent: 1_000_000,
      creditTemporary: 2005,
      remarks: 'prefers mail',
    });
    expect(Object.keys(writes(calls)[0].body as object)).not.toContain('creditUsed');
  });

  it('shows a supplier read-only from load', async () => {
    staffHolding('/saas/merchant/supplierInfos/load:GET');
    const calls = serve(answer);
    const { problems } = renderPage(SupplierList, en);
    expect(screen.queryByTestId('merchant-add')).toBeNull();
    fireEvent.click(await screen.findByTestId('merchant-view-2001'));
    const detail = await screen.findByTestId('merchant-fields');
    expect(within(detail).getByText('prefers mail')).toBeTruthy();
    expect(within(detail).getByText('123.45')).toBeTruthy();
    expect(within(detail).getByText('English')).toBeTruthy();
    expect(within(detail).getByText('50%')).toBeTruthy();
    expect(screen.queryByTestId('merchant-edit-2001')).toBeNull();
    expect(writes(calls)).toEqual([]);
    expect(problems).toEqual([]);
  });
});

describe('buying a service and topping up', () => {
  const offSale: ServiceRow = { ...service, id: 2, serviceName: 'Old pack', state: -1 };

  it('buys a service on sale only after the question naming its price', async () => {
    staffHolding('/saas/boss/service/consumeService:POST', '/saas/boss/charge/recharge:POST');
    const calls = serve((c) => (c.method === 'POST' ? { account: 4000, licenseName: 'saas/notify/sms', licenseValue: 1000, expireDate: null } : pageOf([service, offSale])));
    const { problems } = renderPage(ServiceList, en);
    fireEvent.click(await screen.findByTestId('service-buy-1'));
    expect(screen.queryByTestId('service-buy-2')).toBeNull();
    // A tenant's administrator is no platform administrator: no top-up.
    expect(screen.queryByTestId('recharge-open')).toBeNull();
    expect(screen.getByText('Buy SMS pack 1000 for 60.00? The account balance pays.')).toBeTruthy();
    fireEvent.click(within(screen.getByTestId('confirm-dialog')).getByText('Cancel'));
    expect(writes(calls)).toEqual([]);
    fireEvent.click(screen.getByTestId('service-buy-1'));
    fireEvent.click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({ method: 'POST', body: { serviceId: 1 } });
    expect(writes(calls)[0].url.pathname).toBe('/api/saas-main/saas/boss/service/consumeService');
    expect(problems).toEqual([]);
  });

  it("lets a platform administrator top a tenant's balance up in fen", async () => {
    session.setUser({ id: 1, username: 'admin', saasId: 0, mchId: 0, mscType: 100 }, null);
    session.setPermissions([{ permCode: '/saas/boss/charge/recharge:POST', appId: 1 }]);
    const tenant = { saasId: 1, saasName: 'Demo Travel' } as TenantRow;
    const calls = serve((c) => (c.method === 'POST' ? { account: 10_050 } : c.url.pathname.endsWith('/saasInfo/list') ? pageOf([tenant]) : pageOf([service])));
    const { problems } = renderPage(ServiceList, en);
    fireEvent.click(await screen.findByTestId('recharge-open'));
    expect(screen.queryByTestId('service-buy-1')).toBeNull();
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('Please select Tenant')).toBeTruthy();
    expect(screen.getByText('Please enter Amount (yuan)')).toBeTruthy();
    type('field-amount', '0');
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('The amount must be above 0 and at most 100,000,000.00')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/saasInfo/list'))).toBe(true));
    choose(/^Tenant/, 'Demo Travel (1)');
    type('field-amount', '100.5');
    type('field-remarks', 'bank transfer');
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({ method: 'POST', body: { saasId: 1, amount: 10_050, remarks: 'bank transfer' } });
    expect(writes(calls)[0].url.pathname).toBe('/api/saas-main/saas/boss/charge/recharge');
    expect(problems).toEqual([]);
  });
});

describe('my info', () => {
  it("shows the tenant's own information", async () => {
    staffHolding();
    const t: TenantRow = {
      saasId: 1,
      saasName: 'Demo Travel',
      saasLogo: '',
      companyName: 'Demo Travel Ltd',
      payMode: 1,
      payServiceFee: 6,
      creditFee: 15,
      currency: 'CNY',
      language: 'zh-cn',
      contactName: 'Ann',
      contactMobile: '13800000000',
      contactEmail: '',
      domain: 'demo.example.com',
      saasExpireDate: 1_767_225_600_000,
      state: 1,
      saasType: 1,
      remarks: '',
      createDate: 1_767_225_600_000,
      modifyDate: 1_767_225_600_000,
    };
    const calls = serve(() => t);
    const { problems } = renderPage(TenantInfo, en);
    const fields = await screen.findByTestId('tenant-fields');
    expect(within(fields).getByText('Demo Travel Ltd')).toBeTruthy();
    expect(within(fields).getByText('Trial')).toBeTruthy();
    expect(within(fields).getByText('Chinese')).toBeTruthy();
    expect(screen.getByText('6‰')).toBeTruthy();
    expect(calls).toHaveLength(1);
    expect(calls[0].url.pathname).toBe('/api/saas-main/saas/myInfo/saasInfo/load');
    expect(problems).toEqual([]);
  });

  it("shows a merchant user's own merchant, asked by its id", async () => {
    session.setUser({ id: 2, username: 'supplier', saasId: 1, mchId: 2001, mscType: 311 }, null);
    const mine: MchSummary = {
      mchId: 2001,
      mchType: 1,
      mchName: 'Sunrise Hotels',
      mchCurrency: 'CNY',
      state: 1,
      grade: 2,
      contactName: 'Li Lei',
      contactMobile: '13800000000',
      contactEmail: 'li@example.com',
      language: 'en',
      isWhitelist: false,
      withdrawFee: 3,
      isWithdraw: true,
      withdrawLimit: 40,
      isConfirmOrder: true,
      isDisplayStock: false,
      creditUsed: 12_345,
      creditPermanent: 500_000,
      creditTemporary: 0,
      supplierOrderManage: false,
      presaleVisible: true,
      groupPurchase: false,
      createDate: 1_767_225_600_000,
      modifyDate: 1_767_225_600_000,
    };
    const calls = serve(() => mine);
    const { problems } = renderPage(MerchantInfo, en);
    const fields = await screen.findByTestId('merchant-info-fields');
    expect(within(fields).getByText('Sunrise Hotels')).toBeTruthy();
    expect(within(fields).getByText('Supplier')).toBeTruthy();
    const terms = screen.getByTestId('merchant-info-terms');
    expect(within(terms).getByText('5000.00')).toBeTruthy();
    expect(within(terms).getByText('123.45')).toBeTruthy();
    expect(within(terms).getByText('40%')).toBeTruthy();
    expect(calls[0].url.pathname).toBe('/api/saas-main/saas/myInfo/saasMchInfo/load');
    expect(Object.fromEntries(calls[0].url.searchParams)).toEqual({ mchId: '2001' });
    expect(problems).toEqual([]);
  });
});

describe("the platform's tenants", () => {
  const demo: TenantRow = {
    saasId: 1001,
    saasName: 'Demo Travel',
    saasLogo: '',
    companyName: 'Demo Travel Ltd',
    payMode: 1,
    payServiceFee: 6,
    creditFee: 15,
    currency: 'CNY',
    language: 'zh-cn',
    contactName: 'Ann',
    contactMobile: '13800000000',
    contactEmail: 'ann@example.com',
    domain: 'demo.example.com',
    saasExpireDate: new Date(2027, 0, 31).getTime(),
    state: 1,
    saasType: 0,
    remarks: '',
    createDate: 1_767_225_600_000,
    modifyDate: 1_767_225_600_000,
  };
  const P = '/saas/platform/saasInfo';
  function platformAdmin() {
    session.setUser({ id: 1, username: 'admin', saasId: 0, mchId: 0, mscType: 100 }, null);
    session.setPermissions(
      [`${P}/list:GET`, `${P}/save:POST`, `${P}/update:PUT`, `${P}/stop:PUT`, '/saas/boss/charge/recharge:POST'].map((permCode) => ({ permCode, appId: 1 })),
    );
  }
  const answer = (c: Call) =>
    c.method === 'POST' ? { saasId: 1002 } : c.method === 'PUT' ? demo : c.url.pathname.endsWith('/load') ? demo : pageOf([demo]);

  it('asks for the name and expiry day and checks the domain, sending nothing', async () => {
    platformAdmin();
    const calls = serve(answer);
    const { problems } = renderPage(TenantList, en);
    expect(await screen.findByText('Demo Travel Ltd')).toBeTruthy();
    expect(calls[0].url.pathname).toBe('/api/saas-main/saas/platform/saasInfo/list');
    fireEvent.click(screen.getByTestId('tenant-add'));
    type('field-domain', 'nodot');
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('Please enter Tenant name')).toBeTruthy();
    expect(screen.getByText('Please select Subscription ends')).toBeTruthy();
    expect(screen.getByText('Not a domain name')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('creates a tenant with its expiry day as ms', async () => {
    platformAdmin();
    const calls = serve(answer);
    renderPage(TenantList, en);
    fireEvent.click(await screen.findByTestId('tenant-add'));
    type('field-saasName', ' Blue Sky Tours ');
    type('field-saasExpireDate', '2027-06-30');
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].method).toBe('POST');
    expect(writes(calls)[0].url.pathname).toBe('/api/saas-main/saas/platform/saasInfo/save');
    expect(writes(calls)[0].body).toEqual({
      saasName: 'Blue Sky Tours',
      saasLogo: '',
      companyName: '',
      payMode: 0,
      payServiceFee: 6,
      creditFee: 0,
      currency: 'CNY',
      language: 'zh-cn',
      contactName: '',
      contactMobile: '',
      contactEmail: '',
      domain: '',
      saasExpireDate: new Date(2027, 5, 30).getTime(),
      state: 1,
      saasType: 0,
      remarks: '',
    });
  });

  it('changes a tenant as loaded', async () => {
    platformAdmin();
    const calls = serve(answer);
    renderPage(TenantList, en);
    fireEvent.click(await screen.findByTestId('tenant-edit-1001'));
    await waitFor(() => expect((screen.getByTestId('field-saasExpireDate') as HTMLInputElement).value).toBe('2027-01-31'));
    expect(calls.find((c) => c.url.pathname.endsWith('/saasInfo/load'))?.url.searchParams.get('saasId')).toBe('1001');
    type('field-companyName', 'Demo Travel Group');
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].method).toBe('PUT');
    expect(writes(calls)[0].url.pathname).toBe('/api/saas-main/saas/platform/saasInfo/update');
    expect(writes(calls)[0].body).toMatchObject({
      saasId: 1001,
      companyName: 'Demo Travel Group',
      payServiceFee: 6,
      creditFee: 15,
      domain: 'demo.example.com',
      saasExpireDate: new Date(2027, 0, 31).getTime(),
    });
  });

  it('stops a tenant once confirmed and tops its balance up', async () => {
    platformAdmin();
    const calls = serve(answer);
    renderPage(TenantList, en);
    fireEvent.click(await screen.findByTestId('tenant-stop-1001'));
    expect(screen.getByText('Stop tenant Demo Travel? Its users can no longer work.')).toBeTruthy();
    fireEvent.click(within(screen.getByTestId('confirm-dialog')).getByText('Cancel'));
    expect(writes(calls)).toEqual([]);
    fireEvent.click(screen.getByTestId('tenant-stop-1001'));
    fireEvent.click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({ method: 'PUT', body: { saasId: 1001 } });
    expect(writes(calls)[0].url.pathname).toBe('/api/saas-main/saas/platform/saasInfo/stop');

    fireEvent.click(screen.getByTestId('tenant-recharge-1001'));
    type('field-amount', '2000');
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    expect(writes(calls)[1]).toMatchObject({ method: 'POST', body: { saasId: 1001, amount: 200_000, remarks: '' } });
    expect(writes(calls)[1].url.pathname).toBe('/api/saas-main/saas/boss/charge/recharge');
  });
});
