// The page of one configured interface in the hotel and ticket applications' channel and vendor
// menus (…/saasInterface/interfaceConfig/listForSelect<interfaceId>): the tenant's
// configurations of that interface by merchant (saas-main GET
// /saas/saasInterface/interfaceConfig/listByMerchant), each with the address its adapter calls
// and the credentials it keeps (their names only: the values never leave saas-main). An
// application may add its own links to each configuration's row (`rowActions`: the ticket
// application's channel pages); without them (hotel) the rows only show.
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { Box, Chip, LinearProgress, Paper, Typography } from '@mui/material';
import { FormattedMessage } from 'react-intl';
import { api } from '../api';
import { endpointOf, PERM } from '../constants';
import { dateTime } from '../format';
import { interfaceIdOf } from '../menu';
import { SimpleTable, type SimpleColumn } from './SimpleTable';
import { useLoadState } from './useOptions';

/** A configuration as `listByMerchant` answers it. */
export interface InterfaceConfigRow {
  id: number;
  configName: string;
  baseUrl: string;
  credentialKeys: string[];
  state: number;
  modifyDate: number;
}

interface MerchantConfigs {
  mchId: number;
  mchName: string;
  configs: InterfaceConfigRow[];
}

const F = 'interface.fields';

const COLUMNS: SimpleColumn<InterfaceConfigRow>[] = [
  { key: 'configName', title: `${F}.configName`, render: (r) => r.configName },
  { key: 'baseUrl', title: `${F}.baseUrl`, render: (r) => <Box component="code" sx={{ fontSize: 12 }}>{r.baseUrl}</Box> },
  { key: 'credentialKeys', title: `${F}.credentialKeys`, render: (r) => r.credentialKeys.join(', ') },
  {
    key: 'state',
    title: `${F}.state`,
    render: (r) => <Chip size="small" color={r.state === 1 ? 'success' : 'default'} label={<FormattedMessage id={r.state === 1 ? 'interface.enabled' : 'interface.disabled'} />} />,
  },
  { key: 'modifyDate', title: `${F}.modifyDate`, render: (r) => dateTime(r.modifyDate) },
];

export interface InterfacePageProps {
  /** What an application offers on a configuration's row, given the interface's id. */
  rowActions?: (config: InterfaceConfigRow, interfaceId: number) => ReactNode;
}

export default function InterfacePage({ rowActions }: InterfacePageProps = {}) {
  const { pathname } = useLocation();
  const interfaceId = interfaceIdOf(pathname);
  const columns: SimpleColumn<InterfaceConfigRow>[] =
    rowActions && interfaceId !== null ? [...COLUMNS, { key: 'actions', title: `${F}.actions`, render: (r) => rowActions(r, interfaceId) }] : COLUMNS;
  const { data, done } = useLoadState(
    interfaceId === null ? null : () => api.get<MerchantConfigs[]>('saas-main', endpointOf(PERM.interfaceConfig.byMerchant), { query: { interfaceId } }),
    String(interfaceId),
  );
  return (
    <Box data-testid="interface-page">
      <Typography variant="h6" sx={{ mb: 2 }}>
        <FormattedMessage id="interface.byMerchant" />
      </Typography>
      {!done && <LinearProgress />}
      {done && (data ?? []).length === 0 && (
        <Typography color="text.secondary">
          <FormattedMessage id="interface.none" />
        </Typography>
      )}
      {(data ?? []).map((m) => (
        <Paper key={m.mchId} variant="outlined" sx={{ p: 2, mb: 2 }} data-testid={`interface-merchant-${m.mchId}`}>
          <Typography variant="subtitle1" sx={{ mb: 1.5, fontWeight: 600 }}>
            {m.mchName}
          </Typography>
          <SimpleTable columns={columns} rows={m.configs} />
        </Paper>
      ))}
    </Box>
  );
}
