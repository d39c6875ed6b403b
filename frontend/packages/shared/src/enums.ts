// The enumerations more than one part of the console labels, each with one map of labels: the
// value `v` of an enumeration `{ id }` is labelled by the shared message `<id>.<v>` (zh-CN and
// en in ./messages), through `useEnumLabel`. An application's own enumerations stay in its
// enums.ts.
import type { Enumeration } from './components/enum';
import { MchType, MscType } from './constants';
import { ORDER_ENUMS } from './orders';

/** auth-center `mscType` of people and API users (./constants.ts). */
export const MSC_TYPE: Enumeration = {
  id: 'enum.mscType',
  values: [
    MscType.PlatformAdmin,
    MscType.OperatorAdmin,
    MscType.OperatorUser,
    MscType.Supplier,
    MscType.Distributor,
    MscType.Api,
    MscType.ApiShared,
    MscType.ApiSupplier,
    MscType.ApiDistributor,
  ],
};

/** saas-main merchant `mchType`. */
export const MERCHANT_TYPE: Enumeration = { id: 'enum.mchType', values: [MchType.Supplier, MchType.Distributor] };

/**
 * `typeNotifys`: 0-3 what a supplier is told, 10-14 what a distributor is told (the toasts, the
 * notification settings, the notification, SMS and mail lists).
 */
export const NOTIFY_TYPE: Enumeration = { id: 'enum.notifyType', values: [0, 1, 2, 3, 10, 11, 12, 13, 14] };

/** Yes (1, true) or no (0, false). */
export const YES_NO: Enumeration = { id: 'enum.yesNo', values: [1, 0] };

/** saas-main boss service `state`: 1 on sale, 0 in development, -1 off sale. */
export const SERVICE_STATE: Enumeration = { id: 'enum.serviceState', values: [1, 0, -1] };

/** saas-main boss `serviceType`: 0 undefined, 1 feature licence, 2 quantity licence, 3 single task. */
export const SERVICE_TYPE: Enumeration = { id: 'enum.serviceType', values: [0, 1, 2, 3] };

/** `typeBossServiceTag`: a service's `serviceClass` (docs/enums.md). */
export const SERVICE_TAG: Enumeration = {
  id: 'enum.serviceTag',
  values: ['HOTEL_SUPPLIER_INTERFACE', 'SMS_NOTICE', 'MAIL_NOTICE', 'ACCOUNT_BALANCE'],
};

/** saas-main boss service `licenseUnit`: what `licenseValue` counts. */
export const LICENSE_UNIT: Enumeration = { id: 'enum.licenseUnit', values: ['day', 'count'] };

/** Every shared enumeration, for the messages test. */
export const SHARED_ENUMS: Enumeration[] = [MSC_TYPE, MERCHANT_TYPE, NOTIFY_TYPE, YES_NO, SERVICE_STATE, SERVICE_TYPE, SERVICE_TAG, LICENSE_UNIT, ...ORDER_ENUMS];
