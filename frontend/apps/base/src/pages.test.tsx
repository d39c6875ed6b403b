// Each page calls its real endpoint with the filters the service takes, shows the answer with
// translated labels, and its actions send what the service expects.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { session } from '@tradewind/shared';
import en from './messages/en';
import { pageOf, renderPage, serve, type Call } from '@tradewind/shared/src/testing';
import UserList, { type UserRow } from './pages/users/UserList';
import LoginLogList, { type LoginLogRow } from './pages/loginLogs/LoginLogList';
import SupplierList from './pages/merchants/SupplierList';
import DistributorList from './pages/merchants/DistributorList';
import type { MerchantRow } from './pages/merchants/MerchantList';
import SmsList from './pages/dispatches/SmsList';
import MailList from './pages/dispatches/MailList';
import type { DispatchRow } from './pages/dispatches/DispatchList';
import NotificationList, { type NotificationRow } from './pages/notifications/NotificationList';
import GroupList, { type GroupRow } from './pages/groups/GroupList';
import ApiUserList, { type ApiUserRow } from './pages/apiUsers/ApiUserList';
import ActionLogList, { type ActionLogRow } from './pages/actionLogs/ActionLogList';
import NoticeList, { type NoticeRow } from './pages/notices/NoticeList';
import ServiceList, { type ServiceRow } from './pages/boss/ServiceList';
import LicenceList, { type LicenceRow } from './pages/boss/LicenceList';
import BalanceLogList, { type BalanceLogRow } from './pages/boss/BalanceLogList';

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

describe('SMS and mail', () => {
  function staff() {
    session.setUser({ id: 1, username: 'admin', saasId: 1, mchId: 0, mscType: 200 }, null);
    session.setPermissions([
      { permCode: '/saas/msg/smsQueue/resend:PUT', appId: 1 },
      { permCode: '/saas/msg/mailQueue/resend:PUT', appId: 1 },
    ]);
  }

  it('resends a failed text and reloads the page it is on', async () => {
    staff();
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
