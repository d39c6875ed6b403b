// A merchant's user's own merchant, read-only (mchId != 0; the route's scope):
// saas-main GET /saas/myInfo/saasMchInfo/load?mchId=<the user's>, which answers the merchant's
// record without the tenant's own price rules and remarks.
import { Box, LinearProgress, Typography } from '@mui/material';
import { FormattedMessage, useIntl } from 'react-intl';
import { api, dateTime, FieldGrid, money, Section, useEnumLabel, useSession } from '@tradewind/shared';
import { LANGUAGE, MERCHANT_STATE, MERCHANT_TYPE, WITHDRAW_FEE } from '../../enums';
import { useLoaded } from './useLoaded';

/** `MchSummary` of saas-main. */
export interface MchSummary {
  mchId: number;
  /** 1 supplier, 2 distributor. */
  mchType: number;
  mchName: string;
  mchCurrency: string;
  state: number;
  grade: number;
  contactName: string;
  contactMobile: string;
  contactEmail: string;
  language: string;
  isWhitelist: boolean;
  withdrawFee: number;
  isWithdraw: boolean;
  withdrawLimit: number;
  isConfirmOrder: boolean;
  isDisplayStock: boolean;
  creditUsed: number;
  creditPermanent: number;
  creditTemporary: number;
  supplierOrderManage: boolean;
  presaleVisible: boolean;
  groupPurchase: boolean;
  createDate: number;
  modifyDate: number;
}

const F = 'base.merchants.fields';

export default function MerchantInfo() {
  const intl = useIntl();
  const label = useEnumLabel();
  const yes = (b: boolean) => intl.formatMessage({ id: b ? 'base.common.yes' : 'base.common.no' });
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
              fields={[
                { label: `${F}.creditPermanent`, value: money(m.creditPermanent) },
                { label: `${F}.creditTemporary`, value: money(m.creditTemporary) },
                { label: `${F}.creditUsed`, value: money(m.creditUsed) },
                { label: `${F}.withdrawFee`, value: label(WITHDRAW_FEE, m.withdrawFee) },
                { label: `${F}.isWithdraw`, value: yes(m.isWithdraw) },
                { label: `${F}.withdrawLimit`, value: `${m.withdrawLimit}%` },
                { label: `${F}.isWhitelist`, value: yes(m.isWhitelist) },
                { label: `${F}.isConfirmOrder`, value: yes(m.isConfirmOrder) },
                { label: `${F}.isDisplayStock`, value: yes(m.isDisplayStock) },
                { label: `${F}.supplierOrderManage`, value: yes(m.supplierOrderManage) },
                { label: `${F}.presaleVisible`, value: yes(m.presaleVisible) },
                { label: `${F}.groupPurchase`, value: yes(m.groupPurchase) },
                { label: `${F}.modifyDate`, value: dateTime(m.modifyDate) },
              ]}
            />
          </Section>
        </>
      )}
    </Box>
  );
}
