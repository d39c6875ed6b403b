// The base application's pages (`saas-app`), as the host mounts them at /saas-app/<path>, with
// the permission code of each page's list endpoint, and its messages.
import { MscType, PERM, type AppRoute, type RemoteRoutes } from '@tradewind/shared';
import { APP } from './app';
import en from './messages/en';
import zhCN from './messages/zh-CN';

export const routes: AppRoute[] = [
  {
    path: 'account',
    meta: { title: 'base.menu.account', icon: 'people', order: 1 },
    children: [
      {
        path: 'user/list',
        meta: { title: 'base.menu.users', order: 1, perm: PERM.user.list },
        page: () => import('./pages/users/UserList'),
      },
      {
        path: 'group/list',
        meta: { title: 'base.menu.groups', order: 2, perm: PERM.group.list },
        page: () => import('./pages/groups/GroupList'),
      },
      {
        path: 'api/list',
        meta: { title: 'base.menu.apiUsers', order: 3, perm: PERM.apiUser.list },
        page: () => import('./pages/apiUsers/ApiUserList'),
      },
    ],
  },
  {
    path: 'merchant',
    meta: { title: 'base.menu.merchants', icon: 'store', order: 2 },
    children: [
      {
        path: 'supplier/list',
        meta: { title: 'base.menu.suppliers', order: 1, perm: PERM.supplier.list },
        page: () => import('./pages/merchants/SupplierList'),
      },
      {
        path: 'distributor/list',
        meta: { title: 'base.menu.distributors', order: 2, perm: PERM.distributor.list },
        page: () => import('./pages/merchants/DistributorList'),
      },
    ],
  },
  {
    path: 'msg',
    meta: { title: 'base.menu.messages', icon: 'mail', order: 3 },
    children: [
      {
        path: 'sms/list',
        meta: { title: 'base.menu.smsSent', order: 1, perm: PERM.sms.sent },
        page: () => import('./pages/dispatches/SmsSentList'),
      },
      {
        path: 'smsQueue/list',
        meta: { title: 'base.menu.sms', order: 2, perm: PERM.sms.queue },
        page: () => import('./pages/dispatches/SmsList'),
      },
      {
        path: 'mail/list',
        meta: { title: 'base.menu.mailSent', order: 3, perm: PERM.mail.sent },
        page: () => import('./pages/dispatches/MailSentList'),
      },
      {
        path: 'mailQueue/list',
        meta: { title: 'base.menu.mail', order: 4, perm: PERM.mail.queue },
        page: () => import('./pages/dispatches/MailList'),
      },
    ],
  },
  {
    path: 'notify',
    meta: { title: 'base.menu.notify', icon: 'notifications', order: 4 },
    children: [
      {
        path: 'message/list',
        meta: { title: 'base.menu.notifications', order: 1, perm: PERM.notification.list },
        page: () => import('./pages/notifications/NotificationList'),
      },
    ],
  },
  {
    path: 'log',
    meta: { title: 'base.menu.logs', icon: 'history', order: 5 },
    children: [
      {
        path: 'loginLog/list',
        meta: { title: 'base.menu.loginLogs', order: 1, perm: PERM.loginLog.list },
        page: () => import('./pages/loginLogs/LoginLogList'),
      },
      {
        path: 'actionLog/list',
        meta: { title: 'base.menu.actionLogs', order: 2, perm: PERM.actionLog.list },
        page: () => import('./pages/actionLogs/ActionLogList'),
      },
    ],
  },
  {
    path: 'pricePolicy',
    meta: { title: 'base.menu.pricePolicy', icon: 'sell', order: 3 },
    children: [
      {
        path: 'priceGrade/list',
        meta: { title: 'base.menu.priceGrades', order: 1, perm: PERM.priceGrade.list },
        page: () => import('./pages/pricePolicy/GradeList'),
      },
      {
        path: 'priceRule/list',
        meta: { title: 'base.menu.priceRules', order: 2, perm: PERM.priceRule.list },
        page: () => import('./pages/pricePolicy/RuleList'),
      },
      {
        path: 'currencyRate/list',
        meta: { title: 'base.menu.currencyRates', order: 3, perm: PERM.currencyRate.list },
        page: () => import('./pages/pricePolicy/CurrencyRateList'),
      },
    ],
  },
  {
    path: 'approval',
    meta: { title: 'base.menu.approval', icon: 'fact_check', order: 6 },
    children: [
      {
        path: 'request/list',
        meta: { title: 'base.menu.approvals', order: 1, perm: PERM.approval.list },
        page: () => import('./pages/approvals/ApprovalList'),
      },
      {
        path: 'request/myList',
        meta: { title: 'base.menu.myRequests', order: 2, perm: PERM.approval.myList },
        page: () => import('./pages/approvals/MyRequests'),
      },
    ],
  },
  {
    path: 'support',
    meta: { title: 'base.menu.support', icon: 'support_agent', order: 6 },
    children: [
      {
        path: 'mySupport/list',
        meta: { title: 'base.menu.mySupport', order: 1, perm: PERM.support.list },
        page: () => import('./pages/support/TicketList'),
      },
      {
        // Platform codes: the platform's support staff only.
        path: 'workOrder/list',
        meta: { title: 'base.menu.workOrders', order: 2, perm: PERM.workOrder.list },
        page: () => import('./pages/support/WorkOrderList'),
      },
    ],
  },
  {
    path: 'notice',
    meta: { title: 'base.menu.notice', icon: 'campaign', order: 6 },
    children: [
      {
        path: 'notice/list',
        meta: { title: 'base.menu.notices', order: 1, perm: PERM.notice.list },
        page: () => import('./pages/notices/NoticeList'),
      },
    ],
  },
  {
    // Administration of the tenant's interfaces: the sales channels and suppliers' systems it
    // connects (their menus in the hotel and ticket applications are built from these).
    path: 'saasInterface',
    meta: { title: 'base.menu.interfaces', icon: 'hub', order: 7 },
    children: [
      {
        path: 'interfaceConfig/list',
        meta: { title: 'base.menu.interfaceConfigs', order: 1, perm: PERM.interfaceConfig.list },
        page: () => import('./pages/interfaces/InterfaceConfigList'),
      },
    ],
  },
  {
    // The platform's countries, provinces and cities (a tenant's zones are the hotel app's).
    path: 'area',
    meta: { title: 'base.menu.area', icon: 'public', order: 7 },
    children: [
      {
        path: 'areaInfo/list',
        meta: { title: 'base.menu.areas', order: 1, perm: PERM.area.list },
        page: () => import('./pages/areas/AreaList'),
      },
    ],
  },
  {
    path: 'boss',
    meta: { title: 'base.menu.boss', icon: 'payments', order: 7 },
    children: [
      {
        // The shell's expiry banner links to /saas-app/boss/service/list.
        path: 'service/list',
        meta: { title: 'base.menu.services', order: 1, perm: PERM.service.list },
        page: () => import('./pages/boss/ServiceList'),
      },
      {
        path: 'license/list',
        meta: { title: 'base.menu.licences', order: 2, perm: PERM.licence.list },
        page: () => import('./pages/boss/LicenceList'),
      },
      {
        path: 'balanceLog/list',
        meta: { title: 'base.menu.balanceLogs', order: 3, perm: PERM.balanceLog.list },
        page: () => import('./pages/boss/BalanceLogList'),
      },
      {
        path: 'charge/list',
        meta: { title: 'base.menu.charges', order: 4, perm: PERM.charge.list },
        page: () => import('./pages/boss/ChargeList'),
      },
      {
        // A tenant's own requests; for a platform administrator every tenant's, to mark issued.
        path: 'invoice/list',
        meta: { title: 'base.menu.invoices', order: 5, perm: PERM.invoice.list },
        page: () => import('./pages/boss/InvoiceList'),
      },
    ],
  },
  {
    // The spec's finance menu: credit limits (the guide's "credit adjustment list") and the
    // tenant's bank accounts.
    path: 'finance',
    meta: { title: 'base.menu.finance', icon: 'account_balance', order: 8 },
    children: [
      {
        path: 'credit/list',
        meta: { title: 'base.menu.creditLimits', order: 1, perm: PERM.credit.list },
        page: () => import('./pages/credit/CreditList'),
      },
      {
        // The receipts, each with its orders and money records (the spec's menu names only the
        // logs' page; the receipts are where money is recorded, confirmed and reviewed).
        path: 'receipt/list',
        meta: { title: 'base.menu.receipts', order: 2, perm: PERM.receipt.list },
        page: () => import('./pages/settlements/ReceiptList'),
      },
      {
        // The spec's receiptLog/list: every money arrival across the receipts.
        path: 'receiptLog/list',
        meta: { title: 'base.menu.receiptLogs', order: 3, perm: PERM.receipt.logList },
        page: () => import('./pages/settlements/ReceiptLogList'),
      },
      {
        path: 'payment/list',
        meta: { title: 'base.menu.payments', order: 4, perm: PERM.payment.list },
        page: () => import('./pages/settlements/PaymentList'),
      },
      {
        path: 'paymentLog/list',
        meta: { title: 'base.menu.paymentLogs', order: 5, perm: PERM.payment.logList },
        page: () => import('./pages/settlements/PaymentLogList'),
      },
      {
        path: 'verify/listDistributorReceiptSummary',
        meta: { title: 'base.menu.receiptSummary', order: 6, perm: PERM.receipt.summary },
        page: () => import('./pages/settlements/ReceiptSummary'),
      },
      {
        // Ticking orders here makes a receipt (the spec's verify/VerifyDistributorOrderList).
        path: 'verify/listDistributorVerifyOrder',
        meta: { title: 'base.menu.receiptOrders', order: 7, perm: PERM.receipt.orders },
        page: () => import('./pages/settlements/ReceiptOrders'),
      },
      {
        path: 'verify/listSupplierPaySummary',
        meta: { title: 'base.menu.paymentSummary', order: 8, perm: PERM.payment.summary },
        page: () => import('./pages/settlements/PaymentSummary'),
      },
      {
        path: 'verify/listSupplierVerifyOrder',
        meta: { title: 'base.menu.paymentOrders', order: 9, perm: PERM.payment.orders },
        page: () => import('./pages/settlements/PaymentOrders'),
      },
      {
        path: 'bank/list',
        meta: { title: 'base.menu.banks', order: 10, perm: PERM.bank.list },
        page: () => import('./pages/banks/BankList'),
      },
    ],
  },
  {
    // The spec's accounting menu.
    path: 'accounting',
    meta: { title: 'base.menu.accounting', icon: 'account_balance_wallet', order: 9 },
    children: [
      {
        path: 'balance/info/list',
        meta: { title: 'base.menu.balances', order: 1, perm: PERM.balance.list },
        page: () => import('./pages/balances/BalanceList'),
      },
      {
        path: 'balance/info/graphList',
        meta: { title: 'base.menu.balanceChart', order: 2, perm: PERM.balance.graph },
        page: () => import('./pages/balances/BalanceChart'),
      },
      {
        path: 'credit/log/list',
        meta: { title: 'base.menu.creditLogs', order: 3, perm: PERM.creditLog.list },
        page: () => import('./pages/creditLogs/CreditLogList'),
      },
      {
        path: 'cash/log/list',
        meta: { title: 'base.menu.cashLogs', order: 4, perm: PERM.cashLog.list },
        page: () => import('./pages/cashLogs/CashLogList'),
      },
    ],
  },
  {
    path: 'platform',
    meta: { title: 'base.menu.platform', icon: 'domain', order: 11 },
    children: [
      {
        // Platform codes are held by platform administrators only.
        path: 'saasInfo/list',
        meta: { title: 'base.menu.tenants', order: 1, perm: PERM.tenant.list, hiddenFor: [MscType.OperatorAdmin, MscType.OperatorUser, MscType.OperatorShared, MscType.Supplier, MscType.Distributor] },
        page: () => import('./pages/platform/TenantList'),
      },
    ],
  },
  {
    // The spec: the tenant item is hidden from a merchant's users, the merchant item from the
    // tenant's staff.
    path: 'myInfo',
    meta: { title: 'base.menu.myInfo', icon: 'badge', order: 10 },
    children: [
      {
        path: 'saasInfo/load',
        meta: { title: 'base.menu.tenantInfo', order: 1, perm: PERM.myInfo.tenant, scope: 'tenant' },
        page: () => import('./pages/myInfo/TenantInfo'),
      },
      {
        path: 'saasMchInfo/load',
        meta: { title: 'base.menu.merchantInfo', order: 2, perm: PERM.myInfo.merchant, scope: 'merchant' },
        page: () => import('./pages/myInfo/MerchantInfo'),
      },
    ],
  },
];

const remote: RemoteRoutes = { app: APP, routes, messages: { 'zh-CN': zhCN, en } };
export default remote;
