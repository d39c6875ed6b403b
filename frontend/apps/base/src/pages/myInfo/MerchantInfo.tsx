// A merchant's user's own merchant, read-only (mchId != 0; the route's scope):
// saas-main GET /saas/myInfo/saasMchInfo/load?mchId=<the user's>, which answers its summary.
import { Box, LinearProgress, Typography } from '@mui/material';
import { FormattedMessage } from 'react-intl';
import { api, FieldGrid, Section, useEnumLabel, useSession } from '@tradewind/shared';
import { MERCHANT_TYPE } from '../../enums';
import { useLoaded } from './useLoaded';

/** `MchSummary` of saas-main. */
export interface MchSummary {
  mchId: number;
  /** 1 supplier, 2 distributor. */
  mchType: number;
  mchName: string;
  mchCurrency: string;
}

const F = 'base.merchants.fields';

export default function MerchantInfo() {
  const label = useEnumLabel();
  const { user } = useSession();
  const mchId = user?.mchId ?? 0;
  const { data: m, done } = useLoaded(() => api.get<MchSummary>('saas-main', '/saas/myInfo/saasMchInfo/load', { query: { mchId } }), String(mchId));
  return (
    <Box data-testid="merchant-info">
      <Typography variant="h6" sx={{ mb: 2 }}>
        <FormattedMessage id="base.myInfo.merchantTitle" />
      </Typography>
      {!done && <LinearProgress />}
      {m && (
        <Section title="base.myInfo.basic">
          <FieldGrid
            testId="merchant-info-fields"
            fields={[
              { label: `${F}.mchId`, value: m.mchId },
              { label: `${F}.mchName`, value: m.mchName },
              { label: `${F}.mchType`, value: label(MERCHANT_TYPE, m.mchType) },
              { label: `${F}.currency`, value: m.mchCurrency },
            ]}
          />
        </Section>
      )}
    </Box>
  );
}
