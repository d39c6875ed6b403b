// The paid services catalogue (saas-main `/saas/boss/service/*`), one page for every application
// that shows it. The base application's Paid services show the whole catalogue by rank
// (GET /saas/boss/service/list, paged, by state and type); the hotel and ticket applications'
// interface menus show, as their "system interface", the services on sale of the interface class
// (GET /saas/boss/service/getServiceClassByTag?tag=HOTEL_SUPPLIER_INTERFACE). A service on sale is
// bought for the tenant (POST /saas/boss/service/consumeService) by a user holding that code,
// after a question naming its price; the balance pays.
import { useCallback, type ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { FormattedMessage, useIntl } from 'react-intl';
import { api, type Page } from '../api';
import type { SaasMainApi } from '../api-types';
import { endpointOf, PERM } from '../constants';
import { LICENSE_UNIT, SERVICE_STATE, SERVICE_TAG, SERVICE_TYPE } from '../enums';
import { money } from '../format';
import { RowAction } from './actions';
import { Clip } from './Clip';
import { DataTable, type Column } from './DataTable';
import { useEnumLabel } from './enum';
import { SelectFilter } from './filters';
import { useConfirm } from './form';
import { ListPage } from './ListPage';
import { useHolds } from './perm';
import { useFilters } from './useFilters';

/** `BossService` of saas-main; the price in fen. */
export type ServiceRow = SaasMainApi['schemas']['BossService'];

/** The class of the interface services (`typeBossServiceTag`): what the interface menus sell. */
export const INTERFACE_SERVICE_TAG = 'HOTEL_SUPPLIER_INTERFACE';

export interface ServiceCatalogueProps {
  /**
   * Only the services on sale of this class (`getServiceClassByTag`), all at once and without
   * filters; absent, the whole catalogue, paged, by state and type.
   */
  tag?: string;
  /** Message id of the title (the catalogue's by default). */
  title?: string;
  /** Buttons after the filters (the base application's top-up). */
  actions?: ReactNode;
  /** Rendered below the table (an application's dialogs). */
  children?: ReactNode;
  /** The table's test id. */
  testId?: string;
}

// Empty (not sent) is every state and type, as -99 would be.
const EMPTY = { state: '', serviceType: '' };
const F = 'services.fields';
const ON_SALE = 1;
const SAME_IN_A_CLASS = ['serviceClass', 'serviceRank', 'state'];

export function ServiceCatalogue({ tag, title = 'services.title', actions, children, testId = 'services-table' }: ServiceCatalogueProps) {
  const label = useEnumLabel();
  const f = useFilters(EMPTY);
  const { applied, refresh } = f;
  const intl = useIntl();
  const confirm = useConfirm();
  const mayBuy = useHolds(PERM.service.buy);
  const buy = (r: ServiceRow) =>
    confirm.ask(intl.formatMessage({ id: 'services.confirmBuy' }, { name: r.serviceName, price: money(r.price) }), () =>
      api.post('saas-main', endpointOf(PERM.service.buy), { serviceId: r.id }).then(refresh),
    );
  const load = useCallback(
    (page: number, size: number): Promise<Page<ServiceRow>> =>
      tag === undefined
        ? api.get<Page<ServiceRow>>('saas-main', endpointOf(PERM.service.list), {
            query: { page, resultNum: size, state: applied.state, serviceType: applied.serviceType },
          })
        : // A class has a handful of services, answered at once: paged here.
          api.get<ServiceRow[]>('saas-main', endpointOf(PERM.service.byTag), { query: { tag } }).then((rows) => ({
            results: (rows ?? []).slice((page - 1) * size, page * size),
            sizeAll: rows?.length ?? 0,
          })),
    [applied, tag],
  );
  const all: Column<ServiceRow>[] = [
    { key: 'id', title: `${F}.id`, width: 70 },
    { key: 'serviceName', title: `${F}.serviceName` },
    { key: 'serviceDesc', title: `${F}.serviceDesc`, render: (r) => <Clip text={r.serviceDesc} width={260} /> },
    { key: 'appName', title: `${F}.appName`, render: (r) => r.appName || '--' },
    { key: 'serviceType', title: `${F}.serviceType`, render: (r) => label(SERVICE_TYPE, r.serviceType) },
    { key: 'serviceClass', title: `${F}.serviceClass`, render: (r) => label(SERVICE_TAG, r.serviceClass) },
    { key: 'licenseData', title: `${F}.licenseData` },
    { key: 'licenseValue', title: `${F}.licenseValue` },
    { key: 'licenseUnit', title: `${F}.licenseUnit`, render: (r) => label(LICENSE_UNIT, r.licenseUnit) },
    { key: 'price', title: `${F}.price`, render: (r) => money(r.price) },
    { key: 'serviceRank', title: `${F}.serviceRank` },
    { key: 'state', title: `${F}.state`, render: (r) => label(SERVICE_STATE, r.state) },
  ];
  // One class's services are all of that class and on sale (said above the table): no columns
  // for those, nor the rank they are already sorted by.
  const columns = tag === undefined ? all : all.filter((c) => !SAME_IN_A_CLASS.includes(c.key));
  if (mayBuy) {
    columns.push({
      key: 'actions',
      title: 'form.actions',
      render: (r) => (r.state === ON_SALE ? <RowAction label="services.buy" onClick={() => buy(r)} testId={`service-buy-${r.id}`} /> : null),
    });
  }
  const table = (
    <DataTable
      columns={columns}
      load={load}
      reloadKey={f.generation}
      rowKey={(r) => r.id}
      testId={testId}
      empty={tag === undefined ? 'table.empty' : 'services.noneOfClass'}
    />
  );
  if (tag !== undefined) {
    return (
      <Box data-testid="service-class-page">
        <Typography variant="h6" sx={{ mb: 1 }}>
          <FormattedMessage id={title} />
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="service-class">
          <FormattedMessage id="services.ofClass" values={{ tag: label(SERVICE_TAG, tag) }} />
        </Typography>
        {actions && <Box sx={{ mb: 2 }}>{actions}</Box>}
        {table}
        {children}
        {confirm.element}
      </Box>
    );
  }
  return (
    <ListPage
      title={title}
      onInquire={f.inquire}
      onReset={f.reset}
      actions={actions}
      filters={
        <>
          <SelectFilter label={`${F}.state`} value={f.draft.state} onChange={(v) => f.set('state', v)} enumeration={SERVICE_STATE} testId="services-state" />
          <SelectFilter
            label={`${F}.serviceType`}
            value={f.draft.serviceType}
            onChange={(v) => f.set('serviceType', v)}
            enumeration={SERVICE_TYPE}
            testId="services-type"
          />
        </>
      }
    >
      {table}
      {children}
      {confirm.element}
    </ListPage>
  );
}

/**
 * The "system interface" page of the hotel and ticket applications' channel and vendor interface
 * menus (…/boss/service/list): the interface services on sale, to buy.
 */
export function InterfaceServicePage() {
  return <ServiceCatalogue tag={INTERFACE_SERVICE_TAG} title="services.interfaceTitle" />;
}
