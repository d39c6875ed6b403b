// The tenant's licences, by name: saas-main GET /saas/boss/license/list. The endpoint takes no
// filters and answers every licence at once (no paging), so the page is a plain table.
import { useEffect, useState } from 'react';
import { Box, LinearProgress, Paper, Typography } from '@mui/material';
import { api, dateTime, SimpleTable, useEnumLabel, type SimpleColumn } from '@tradewind/shared';
import { FormattedMessage } from 'react-intl';
import { LICENCE_STATE } from '../../enums';
import type { LicenceRow } from './types';

const F = 'base.licences.fields';

export default function LicenceList() {
  const label = useEnumLabel();
  const [rows, setRows] = useState<LicenceRow[] | null>(null);
  useEffect(() => {
    let live = true;
    api.get<LicenceRow[]>('saas-main', '/saas/boss/license/list').then(
      (res) => live && setRows(res ?? []),
      // The API client has told the user.
      () => live && setRows([]),
    );
    return () => {
      live = false;
    };
  }, []);
  const columns: SimpleColumn<LicenceRow>[] = [
    { key: 'licenseName', title: `${F}.licenseName`, render: (r) => r.licenseName },
    { key: 'licenseValue', title: `${F}.licenseValue`, render: (r) => (r.expireDate ? '--' : r.licenseValue) },
    { key: 'expireDate', title: `${F}.expireDate`, render: (r) => dateTime(r.expireDate) },
    { key: 'state', title: `${F}.state`, render: (r) => label(LICENCE_STATE, r.state) },
    { key: 'lastBuyDate', title: `${F}.lastBuyDate`, render: (r) => dateTime(r.lastBuyDate) },
    { key: 'lastConsumeDate', title: `${F}.lastConsumeDate`, render: (r) => dateTime(r.lastConsumeDate) },
  ];
  return (
    <Box>
      <Typography variant="h6" sx={{ mb: 2 }}>
        <FormattedMessage id="base.licences.title" />
      </Typography>
      <Paper variant="outlined">
        <Box sx={{ height: 4 }}>{rows === null && <LinearProgress />}</Box>
        {rows !== null && <SimpleTable columns={columns} rows={rows} testId="base-licences-table" />}
      </Paper>
    </Box>
  );
}
