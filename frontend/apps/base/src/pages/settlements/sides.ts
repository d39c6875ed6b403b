// The two sides of settlement as finance-app names them: receipts from distributors and payments
// to suppliers. Each page is written once and told which side it shows.
import { PERM } from '@tradewind/shared';
import type { Row, SideName } from './types';

export interface Side {
  name: SideName;
  /** The merchant: distributors pay receipts, suppliers are paid. */
  mch: 'distributor' | 'supplier';
  mchId: string;
  mchName: string;
  /** The settlement's due, received, progress and id fields. */
  due: string;
  progress: string;
  id: string;
  /** A log's date and free text. */
  logDate: string;
  logInfo: string;
  /** A ledger row's side. */
  rowDue: string;
  rowDone: string;
  rowVerify: string;
  rowDate: string;
  codes: Record<keyof typeof PERM.receipt, string>;
}

export const SIDES: Record<SideName, Side> = {
  receipt: {
    name: 'receipt',
    mch: 'distributor',
    mchId: 'distributorMchId',
    mchName: 'distributorName',
    due: 'receiptPrice',
    progress: 'receiptProgress',
    id: 'receiptId',
    logDate: 'receiptDate',
    logInfo: 'receiptInfo',
    rowDue: 'receiptDue',
    rowDone: 'receiptReceived',
    rowVerify: 'receiptVerify',
    rowDate: 'receiptDate',
    codes: PERM.receipt,
  },
  payment: {
    name: 'payment',
    mch: 'supplier',
    mchId: 'supplierMchId',
    mchName: 'supplierName',
    due: 'paymentPrice',
    progress: 'paymentProgress',
    id: 'paymentId',
    logDate: 'payDate',
    logInfo: 'paymentInfo',
    rowDue: 'paymentDue',
    rowDone: 'paymentPaid',
    rowVerify: 'paymentVerify',
    rowDate: 'paymentDate',
    codes: PERM.payment,
  },
};

/** The body of a money record: the side's id, date and text fields, the amount in fen, the tenant's bank account. */
export function logBody(side: Side, settlementId: number, v: { money: number; bankId: number; serialId: string; date: string; info: string; remark: string }) {
  return {
    [side.id]: settlementId,
    money: v.money,
    bankId: v.bankId,
    serialId: v.serialId.trim(),
    [side.logDate]: v.date,
    [side.logInfo]: v.info.trim(),
    remark: v.remark.trim(),
  };
}

/** The tenant's bank account a money record went through, as its list shows it ('--': a record made before records named one). */
export function bankOf(l: Row): string {
  return Number(l.bankId) > 0 ? `${l.bankName} ${l.accountNo}` : '--';
}
