// @tradewind/shared: one copy in the page (a Module Federation singleton).
// The core through the package's own name, so a page that loaded it (the login page) and the
// components use the one shared copy.
export * from '@tradewind/shared/core';
export { DataTable } from './components/DataTable';
export type { Column, DataTableProps } from './components/DataTable';
export { default as sharedZhCN } from './messages/zh-CN';
export { default as sharedEn } from './messages/en';
export { AreaPicker, areaLevels, FormArea, type AreaPickerProps } from './components/AreaPicker';
export { Clip } from './components/Clip';
export { FieldGrid, type Field } from './components/FieldGrid';
export { ListPage, type ListPageProps } from './components/ListPage';
export { Section } from './components/Section';
export { SimpleTable, type SimpleColumn } from './components/SimpleTable';
export { labelId, useEnumLabel, type Enumeration } from './components/enum';
export { LICENSE_UNIT, MERCHANT_TYPE, MSC_TYPE, NOTIFY_TYPE, SERVICE_STATE, SERVICE_TAG, SERVICE_TYPE, SHARED_ENUMS, YES_NO } from './enums';
export { DateFilter, SelectFilter, TextFilter } from './components/filters';
export { useFilters, type Filters } from './components/useFilters';
export { useHolds, useIsTenantStaff } from './components/perm';
export { keepChosen, useLoaded, useLoadState, useMerchantOptions, useOptions } from './components/useOptions';
export { AddButton, RowAction, RowActions, RowMenu, type RowMenuItem } from './components/actions';
export {
  ConfirmDialog,
  FormCheck,
  FormDialog,
  FormMultiSelect,
  FormSelect,
  FormText,
  rules,
  useConfirm,
  useEnumOptions,
  useForm,
  type Form,
  type FormOptions,
  type FormValues,
  type Option,
  type Rule,
} from './components/form';
export type * from './api-types';
export * from './calendar/rules';
export type { CalendarConfig } from './calendar/config';
export type { DistributorDay, DistributorNight, PriceDay, PriceSaved } from './calendar/types';
export { PriceCalendar } from './calendar/PriceCalendar';
export { default as InterfacePage, type InterfaceConfigRow, type InterfacePageProps } from './components/InterfacePage';
export {
  InterfaceServicePage,
  INTERFACE_SERVICE_TAG,
  ServiceCatalogue,
  type ServiceCatalogueProps,
  type ServiceRow,
} from './components/ServiceCatalogue';
export { RemarkQuestion, type RemarkQuestionProps } from './components/RemarkQuestion';
export { CreditAvailable, type CreditAvailableProps, type CreditCheck } from './components/CreditAvailable';
export type { OrderPagesConfig } from './orderPages/config';
export { OrderListPage, type OrderFilters, type OrderListKind, type OrderListSpec } from './orderPages/OrderList';
export { OrderDetailPage, orderTimeFields, OrderSections, useOrderStateFields, type OrderSection } from './orderPages/OrderDetail';
export { OrderActionBar, type ActionOptions, type OwnOrderAction } from './orderPages/OrderActions';
export { AdjustDialog, adjustBody, adjustProblems, type AdjustDialogProps, type AdjustValues } from './orderPages/AdjustDialog';
export { ProductReportPage, totalOf, type ProductReportConfig, type ReportRow } from './orderPages/ProductReport';
export { defaultPeriod, periodProblem, type Period } from './orderPages/period';
