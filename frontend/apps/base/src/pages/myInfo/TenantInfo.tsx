// The tenant's own information, read-only, for its staff (mchId 0; the route's scope):
// saas-main GET /saas/myInfo/saasInfo/load.
import { Box, LinearProgress, Typography } from '@mui/material';
import { FormattedMessage } from 'react-intl';
import { api, dateTime, FieldGrid, Section, useEnumLabel, useLoadState } from '@tradewind/shared';
import { LANGUAGE, SAAS_TYPE, TENANT_STATE } from '../../enums';
import type { TenantRow } from '../platform/types';

const F = 'base.tenant.fields';

export default function TenantInfo() {
  const label = useEnumLabel();
  const { data: t, done } = useLoadState(() => api.get<TenantRow>('saas-main', '/saas/myInfo/saasInfo/load'), 'mine');
  return (
    <Box data-testid="tenant-info">
      <Typography variant="h6" sx={{ mb: 2 }}>
        <FormattedMessage id="base.myInfo.tenantTitle" />
      </Typography>
      {!done && <LinearProgress />}
      {t && (
        <>
          <Section title="base.myInfo.basic">
            <FieldGrid
              testId="tenant-fields"
              fields={[
                { label: `${F}.saasId`, value: t.saasId },
                { label: `${F}.saasName`, value: t.saasName },
                { label: `${F}.companyName`, value: t.companyName },
                { label: `${F}.saasType`, value: label(SAAS_TYPE, t.saasType) },
                { label: `${F}.state`, value: label(TENANT_STATE, t.state) },
                { label: `${F}.saasExpireDate`, value: dateTime(t.saasExpireDate, false) },
                { label: `${F}.domain`, value: t.domain },
                { label: `${F}.currency`, value: t.currency },
                { label: `${F}.language`, value: label(LANGUAGE, t.language) },
              ]}
            />
          </Section>
          <Section title="base.myInfo.contact">
            <FieldGrid
              fields={[
                { label: `${F}.contactName`, value: t.contactName },
                { label: `${F}.contactMobile`, value: t.contactMobile },
                { label: `${F}.contactEmail`, value: t.contactEmail },
              ]}
            />
          </Section>
          <Section title="base.myInfo.fees">
            <FieldGrid
              fields={[
                { label: `${F}.payMode`, value: t.payMode },
                { label: `${F}.payServiceFee`, value: `${t.payServiceFee}‰` },
                { label: `${F}.creditFee`, value: `${t.creditFee}‰` },
                { label: `${F}.remarks`, value: t.remarks },
                { label: `${F}.createDate`, value: dateTime(t.createDate) },
                { label: `${F}.modifyDate`, value: dateTime(t.modifyDate) },
              ]}
            />
          </Section>
        </>
      )}
    </Box>
  );
}
