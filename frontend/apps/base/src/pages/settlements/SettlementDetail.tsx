// A receipt's or payment's detail (GET .../load): its figures, its orders (what each owes and has
// received or been paid, its progress and verify state) and its money records, with the actions
// of the spec after their questions: record money (pending), confirm it, roll a confirmation back,
// delete a pending record, review the settlement ("confirm receipt information is correct?" /
// "confirm payment information is correct?") and delete it. finance-app refuses what the state
// does not allow, with its reason; a 412 of the money form shows under its field.
import { useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress } from '@mui/material';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  api,
  businessDay,
  dateTime,
  endpointOf,
  fenToYuan,
  FieldGrid,
  FormDialog,
  FormText,
  money,
  RowAction,
  RowActions,
  rules,
  Section,
  SimpleTable,
  useConfirm,
  useEnumLabel,
  useForm,
  FormSelect,
  PERM,
  useHolds,
  useLoadState,
  useOptions,
  type Page,
  type Rule,
} from '@tradewind/shared';
import { Amount } from '../../Amount';
import { PAYMENT_STATE, PROGRESS, RECEIPT_STATE, SETTLEMENT_LOG_STATE, VERIFY_STATE } from '../../enums';
import { amountRule, fenOf } from '../../money';
import { bankOf, logBody, type Side } from './sides';
import type { Detail, Row } from './types';

const REVIEWED = 4;
const DELETED = -1;
const PENDING = 0;
const CONFIRMED = 1;

type MoneyValues = { money: string; bankId: string; serialId: string; date: string; info: string; remark: string };

/** `Bank` of finance-app's bank/list: the fields a money record's choice shows. */
interface BankChoice {
  bankId: number;
  bankName: string;
  accountNo: string;
  currency: string;
}

/** The tenant's bank accounts in use in `currency`, for the money dialog (finance-app refuses any other). */
function useBankOptions(currency: string) {
  const holds = useHolds(PERM.bank.list);
  return useOptions(
    holds
      ? () =>
          api
            .get<Page<BankChoice>>('finance-app', endpointOf(PERM.bank.list), { query: { page: 1, resultNum: 100, state: 1 } })
            .then((p) => p.results.filter((b) => b.currency === currency).map((b) => ({ value: String(b.bankId), text: `${b.bankName} ${b.accountNo}` })))
      : null,
    `banks:${currency}`,
  );
}

function today(): string {
  const d = businessDay();
  return `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.date).padStart(2, '0')}`;
}

export function SettlementDetail({ side, id, onClose }: { side: Side; id: number; onClose: () => void }) {
  const intl = useIntl();
  const label = useEnumLabel();
  const confirm = useConfirm();
  const F = `base.settlements.${side.name}`;
  const [generation, setGeneration] = useState(0);
  const [recording, setRecording] = useState(false);
  const reload = () => setGeneration((g) => g + 1);
  const { data: loaded, done } = useLoadState(
    () => api.get<Detail>('finance-app', endpointOf(side.codes.load), { query: { [side.id]: id } }),
    `${side.name}:${id}:${generation}`,
  );
  // What was loaded last stays shown while it is loaded again after an action.
  const [data, setData] = useState<Detail | null>(null);
  if (loaded && loaded !== data) setData(loaded);
  const may = {
    review: useHolds(side.codes.review),
    remove: useHolds(side.codes.remove),
    save: useHolds(side.codes.logSave),
    confirm: useHolds(side.codes.logConfirm),
    rollback: useHolds(side.codes.logRollback),
    remove_log: useHolds(side.codes.logDelete),
  };
  const s = data ? (data[side.name] as Row) : null;
  const open = s !== null && Number(s.state) !== REVIEWED && Number(s.state) !== DELETED;
  const ask = (question: string, code: string, body: Record<string, number>, after: () => void = reload) =>
    confirm.ask(intl.formatMessage({ id: question }), () => api.put('finance-app', endpointOf(code), body).then(after));
  const STATE = side.name === 'receipt' ? RECEIPT_STATE : PAYMENT_STATE;
  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth data-testid="settlement-detail">
      <DialogTitle>
        <FormattedMessage id={`${F}.detailTitle`} values={{ id }} />
      </DialogTitle>
      <DialogContent>
        {!done && <LinearProgress />}
        {s && data && (
          <>
            <Section title={`${F}.figures`}>
              <FieldGrid
                testId="settlement-figures"
                fields={[
                  { label: `${F}.merchant`, value: String(s[side.mchName] || s[side.mchId]) },
                  { label: 'base.settlements.currency', value: String(s.currencyCode) },
                  { label: `${F}.due`, value: money(Number(s[side.due])) },
                  { label: `${F}.done`, value: money(Number(s.arrivalPrice)) },
                  { label: `${F}.progress`, value: label(PROGRESS, Number(s[side.progress])) },
                  { label: 'base.settlements.state', value: label(STATE, Number(s.state)) },
                  { label: 'base.settlements.lastConfirm', value: s.confirmDate ? `${dateTime(Number(s.confirmDate))} ${s.confirmUserName}` : '--' },
                  { label: 'base.settlements.checked', value: s.checkDate ? `${dateTime(Number(s.checkDate))} ${s.checkUserName}` : '--' },
                  { label: 'base.settlements.remark', value: String(s.remark ?? '') },
                ]}
              />
            </Section>
            <Section title="base.settlements.orders">
              <SimpleTable
                testId="settlement-orders"
                rows={data.orders}
                columns={[
                  { key: 'order', title: 'base.creditLogs.fields.order', render: (o) => String(o.orderNumber || o.orderId) },
                  { key: 'product', title: 'base.creditLogs.fields.product', render: (o) => String(o.productName) },
                  { key: 'travel', title: 'base.creditLogs.fields.travel', render: (o) => `${o.travelDate} → ${o.endTravelDate}` },
                  { key: 'due', title: `${F}.due`, render: (o) => <Amount fen={Number(o[side.rowDue])} /> },
                  { key: 'done', title: `${F}.done`, render: (o) => <Amount fen={Number(o[side.rowDone])} /> },
                  { key: 'progress', title: `${F}.progress`, render: (o) => label(PROGRESS, Number(o[side.progress])) },
                  { key: 'verify', title: 'base.settlements.verify', render: (o) => label(VERIFY_STATE, Number(o[side.rowVerify])) },
                ]}
              />
            </Section>
            <Section title={`${F}.logs`}>
              <SimpleTable
                testId="settlement-logs"
                rows={data.logs}
                columns={[
                  { key: 'date', title: `${F}.logDate`, render: (l) => String(l[side.logDate]) },
                  { key: 'money', title: 'base.settlements.money', render: (l) => <Amount fen={Number(l.money)} strong /> },
                  { key: 'bank', title: 'base.settlements.bank', render: (l) => bankOf(l) },
                  { key: 'serialId', title: 'base.settlements.serialId', render: (l) => String(l.serialId || '--') },
                  { key: 'info', title: `${F}.logInfo`, render: (l) => String(l[side.logInfo] || '--') },
                  { key: 'user', title: 'base.settlements.recordedBy', render: (l) => String(l.userName) },
                  { key: 'state', title: 'base.settlements.state', render: (l) => label(SETTLEMENT_LOG_STATE, Number(l.state)) },
                  {
                    key: 'actions',
                    title: 'form.actions',
                    render: (l) =>
                      open && (
                        <RowActions>
                          {Number(l.state) === PENDING && may.confirm && (
                            <RowAction label="base.settlements.confirm" onClick={() => ask(`${F}.confirmLog`, side.codes.logConfirm, { id: Number(l.id) })} testId={`log-confirm-${l.id}`} />
                          )}
                          {Number(l.state) === PENDING && may.remove_log && (
                            <RowAction label="base.settlements.delete" color="error" onClick={() => ask('base.settlements.deleteLog', side.codes.logDelete, { id: Number(l.id) })} testId={`log-delete-${l.id}`} />
                          )}
                          {Number(l.state) === CONFIRMED && may.rollback && (
                            <RowAction label="base.settlements.rollback" color="warning" onClick={() => ask('base.settlements.rollbackLog', side.codes.logRollback, { id: Number(l.id) })} testId={`log-rollback-${l.id}`} />
                          )}
                        </RowActions>
                      ),
                  },
                ]}
              />
            </Section>
          </>
        )}
      </DialogContent>
      <DialogActions>
        {open && may.remove && (
          <Button color="error" onClick={() => ask(`${F}.deleteQuestion`, side.codes.remove, { [side.id]: id }, onClose)} data-testid="settlement-delete">
            <FormattedMessage id="base.settlements.delete" />
          </Button>
        )}
        {open && may.save && (
          <Button onClick={() => setRecording(true)} data-testid="settlement-record">
            <FormattedMessage id={`${F}.record`} />
          </Button>
        )}
        {open && may.review && (
          <Button variant="contained" onClick={() => ask(`${F}.reviewQuestion`, side.codes.review, { [side.id]: id })} data-testid="settlement-review">
            <FormattedMessage id="base.settlements.review" />
          </Button>
        )}
        <Button onClick={onClose} data-testid="settlement-close">
          <FormattedMessage id="base.common.close" />
        </Button>
      </DialogActions>
      {recording && s && (
        <MoneyDialog
          side={side}
          id={id}
          left={Number(s[side.due]) - Number(s.arrivalPrice)}
          currency={String(s.currencyCode)}
          onClose={() => setRecording(false)}
          onSaved={() => {
            setRecording(false);
            reload();
          }}
        />
      )}
      {confirm.element}
    </Dialog>
  );
}

/** Recording money that arrived (POST .../Log/save), pending until confirmed. */
function MoneyDialog({ side, id, left, currency, onClose, onSaved }: { side: Side; id: number; left: number; currency: string; onClose: () => void; onSaved: () => void }) {
  const F = `base.settlements.${side.name}`;
  const banks = useBankOptions(currency);
  const form = useForm<MoneyValues>({ money: left > 0 ? fenToYuan(left) : '', bankId: '', serialId: '', date: today(), info: '', remark: '' });
  const checks: Partial<Record<keyof MoneyValues, Rule<MoneyValues>>> = {
    money: amountRule('money', 'base.settlements.moneyYuan', { required: true, positive: true }),
    bankId: rules.required('bankId', 'base.settlements.bank'),
    date: rules.required('date', `${F}.logDate`),
    serialId: rules.length('serialId', 0, 64),
    info: rules.length('info', 0, 200),
    remark: rules.length('remark', 0, 500),
  };
  const submit = () =>
    void form
      .submit(checks, (v) => api.post('finance-app', endpointOf(side.codes.logSave), logBody(side, id, { ...v, money: fenOf(v.money), bankId: Number(v.bankId) })))
      .then((ok) => ok && onSaved());
  // finance-app names its own fields in a 412: the date and text fields are the side's.
  const date = side.logDate;
  const info = side.logInfo;
  const errors = { ...form.errors, date: form.errors.date ?? form.errors[date], info: form.errors.info ?? form.errors[info] };
  const shown = { ...form, errors };
  return (
    <FormDialog open title={`${F}.record`} busy={form.busy} onClose={onClose} onSubmit={submit} testId="money-dialog">
      <FormText form={shown} name="money" label="base.settlements.moneyYuan" decimal required />
      <FormSelect form={shown} name="bankId" label="base.settlements.bank" options={banks} required />
      <FormText form={shown} name="date" label={`${F}.logDate`} type="date" required />
      <FormText form={shown} name="serialId" label="base.settlements.serialId" />
      <FormText form={shown} name="info" label={`${F}.logInfo`} />
      <FormText form={shown} name="remark" label="base.settlements.remark" multiline wide />
      <Box sx={{ gridColumn: '1 / -1', fontSize: 12, color: 'text.secondary' }}>
        <FormattedMessage id="base.settlements.left" values={{ amount: money(left) }} />
        {banks.length === 0 && (
          <Box component="span" data-testid="money-no-bank" sx={{ display: 'block', color: 'warning.main' }}>
            <FormattedMessage id="base.settlements.noBank" values={{ currency }} />
          </Box>
        )}
      </Box>
    </FormDialog>
  );
}
