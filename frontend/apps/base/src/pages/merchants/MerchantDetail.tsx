// A supplier or distributor as loaded now (GET .../load), read-only.
import { useEffect, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress } from '@mui/material';
import { FormattedMessage } from 'react-intl';
import { api, dateTime, FieldGrid, MERCHANT_TYPE, money, useEnumLabel, YES_NO, type Field } from '@tradewind/shared';
import { LANGUAGE, MERCHANT_STATE, WITHDRAW_FEE } from '../../enums';
import { MERCHANT_BASE, type Merchant, type MerchantKind, type MerchantTerms } from './types';

const F = 'base.merchants.fields';

/** The terms of a merchant: its detail and its own info page show them alike. */
export function useTermsFields(): (m: MerchantTerms) => Field[] {
  const label = useEnumLabel();
  const yes = (b: boolean) => label(YES_NO, b);
  return (m) => [
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
  ];
}

/** The fields of a merchant's detail. */
export function useMerchantFields(): (m: Merchant) => Field[] {
  const label = useEnumLabel();
  const terms = useTermsFields();
  return (m) => [
    { label: `${F}.mchId`, value: m.mchId },
    { label: `${F}.mchName`, value: m.mchName },
    { label: `${F}.mchType`, value: label(MERCHANT_TYPE, m.mchType) },
    { label: `${F}.state`, value: label(MERCHANT_STATE, m.state) },
    { label: `${F}.grade`, value: m.grade },
    { label: `${F}.contactName`, value: m.contactName },
    { label: `${F}.contactMobile`, value: m.contactMobile },
    { label: `${F}.contactEmail`, value: m.contactEmail },
    { label: `${F}.currency`, value: m.currency },
    { label: `${F}.language`, value: label(LANGUAGE, m.language) },
    ...terms(m),
    { label: `${F}.priceCodexPurchase`, value: m.priceCodexPurchase },
    { label: `${F}.priceCodexDistribution`, value: m.priceCodexDistribution },
    { label: `${F}.priceCodexRetail`, value: m.priceCodexRetail },
    { label: `${F}.remarks`, value: m.remarks },
    { label: `${F}.createDate`, value: dateTime(m.createDate) },
    { label: `${F}.modifyDate`, value: dateTime(m.modifyDate) },
  ];
}

export function MerchantDetail({ kind, mchId, onClose }: { kind: MerchantKind; mchId: number; onClose: () => void }) {
  const [m, setM] = useState<Merchant | null>(null);
  const fields = useMerchantFields();
  useEffect(() => {
    let live = true;
    api.get<Merchant>('saas-main', `${MERCHANT_BASE[kind]}/load`, { query: { mchId } }).then(
      (x) => live && setM(x),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [kind, mchId]);
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth data-testid="merchant-detail">
      <DialogTitle>
        <FormattedMessage id={`base.merchants.detail.${kind}`} />
      </DialogTitle>
      <DialogContent>{m ? <FieldGrid fields={fields(m)} testId="merchant-fields" /> : <LinearProgress />}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <FormattedMessage id="base.common.close" />
        </Button>
      </DialogActions>
    </Dialog>
  );
}
