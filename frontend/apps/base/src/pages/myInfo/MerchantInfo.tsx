// A merchant's user's own merchant, read-only (mchId != 0; the route's scope):
// saas-main GET /saas/myInfo/saasMchInfo/load?mchId=<the user's>, which answers the merchant's
// record without the tenant's own price rules and remarks.
import { Box, LinearProgress, Typography } from '@mui/material';
import { FormattedMessage } from 'react-intl';
import { api, dateTime, FieldGrid, MERCHANT_TYPE, Section, useEnumLabel, useLoadState, useSession } from '@tradewind/shared';
import { LANGUAGE, MERCHANT_STATE } from '../../enums';
import { useTermsFields } from '../merchants/MerchantDetail';
import type { MchSummary } from './types';

const F = 'base.merchants.fields';

export default function MerchantInfo() {
  const label = useEnumLabel();
  const terms = useTermsFields();
  const { user } = useSession();
  const mchId = user?.mchId ?? 0;
  const { data: m, done } = useLoadState(() => api.get<MchSummary>('saas-main', '/saas/myInfo/saasMchInfo/load', { query: { mchId } }), String(mchId));
  return (
    <Box data-testid="merchant-info">
      <Typography variant="h6" sx={{ mb: 2 }}>
        <FormattedMessage id="base.myInfo.merchantTitle" />
      </Typography>
      {!done && <LinearProgress />}
      {m && (
        <>
          <Section title="base.myInfo.basic">
            <FieldGrid
              testId="merchant-info-fields"
              fields={[
                { label: `${F}.mchId`, value: m.mchId },
                { label: `${F}.mchName`, value: m.mchName },
                { label: `${F}.mchType`, value: label(MERCHANT_TYPE, m.mchType) },
                { label: `${F}.state`, value: label(MERCHANT_STATE, m.state) },
                { label: `${F}.grade`, value: m.grade },
                { label: `${F}.currency`, value: m.mchCurrency },
                { label: `${F}.language`, value: label(LANGUAGE, m.language) },
                { label: `${F}.createDate`, value: dateTime(m.createDate) },
              ]}
            />
          </Section>
          <Section title="base.myInfo.contact">
            <FieldGrid
              fields={[
                { label: `${F}.contactName`, value: m.contactName },
                { label: `${F}.contactMobile`, value: m.contactMobile },
                { label: `${F}.contactEmail`, value: m.contactEmail },
              ]}
            />
          </Section>
          <Section title="base.myInfo.terms">
            <FieldGrid
              testId="merchant-info-terms"
              fields={[...terms(m), { label: `${F}.modifyDate`, value: dateTime(m.modifyDate) }]}
            />
          </Section>
        </>
      )}
    </Box>
  );
}
