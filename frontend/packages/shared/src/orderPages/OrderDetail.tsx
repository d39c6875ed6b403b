// An order's detail page of hotel-app or ticket-app: the order named by `?orderId=`, loaded as the
// application asks (its load call, with whatever else it shows: a log ...), under its title and a
// Back button; while none is named, loading, or refused, the page says so. What it shows of a
// loaded order (the actions, the fields, the product kind's sections) the application draws,
// handed a reload that loads it again after an action.
import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Box, Button, LinearProgress, Typography } from '@mui/material';
import { FormattedMessage } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { FieldGrid, type Field } from '../components/FieldGrid';
import { Section } from '../components/Section';
import { useEnumLabel } from '../components/enum';
import { dateTime } from '../format';
import { CANCEL_APPLY, ORDER_PROGRESS, ORDER_STATE, PAY_STATE } from '../orders';
import type { OrderPagesConfig } from './config';

export interface OrderDetailPageProps<L> {
  config: OrderPagesConfig;
  /** The page's test id. */
  testId: string;
  /** Loads what the page shows of an order (a stable function: the page loads again when it changes). */
  load: (orderId: string) => Promise<L>;
  /** The page below its title for what was loaded; `generation` counts the reloads. */
  children: (loaded: L, reload: () => void, generation: number) => ReactNode;
}

export function OrderDetailPage<L>(props: OrderDetailPageProps<L>) {
  const [params] = useSearchParams();
  const orderId = (params.get('orderId') ?? '').replace(/\D/g, '');
  return <OrderDetailView key={orderId} {...props} orderId={orderId} />;
}

type Loaded<L> = { value: L } | { failed: true } | null;

function OrderDetailView<L>({ config, testId, load, children, orderId }: OrderDetailPageProps<L> & { orderId: string }) {
  const navigate = useNavigate();
  const [loaded, setLoaded] = useState<Loaded<L>>(null);
  const [generation, setGeneration] = useState(0);
  const D = config.messages.detail;
  useEffect(() => {
    if (!orderId) return undefined;
    let live = true;
    load(orderId)
      .then((value) => live && setLoaded({ value }))
      // The API client has told the user why (404, 403 ...).
      .catch(() => live && setLoaded({ failed: true }));
    return () => {
      live = false;
    };
  }, [orderId, generation, load]);
  return (
    <Box data-testid={testId}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
        <Typography variant="h6">
          <FormattedMessage id={`${D}.title`} values={{ orderId: orderId || '--' }} />
        </Typography>
        <Button size="small" variant="outlined" onClick={() => navigate(-1)}>
          <FormattedMessage id={config.messages.back} />
        </Button>
      </Box>
      {!orderId && (
        <Alert severity="info">
          <FormattedMessage id={`${D}.noOrder`} />
        </Alert>
      )}
      {orderId && loaded === null && <LinearProgress />}
      {loaded && 'failed' in loaded && (
        <Alert severity="warning">
          <FormattedMessage id={`${D}.notLoaded`} />
        </Alert>
      )}
      {loaded && 'value' in loaded && children(loaded.value, () => setGeneration((g) => g + 1), generation)}
    </Box>
  );
}

/** A titled block of an order's fields. */
export interface OrderSection {
  /** Message id of the title. */
  title: string;
  fields: Field[];
  testId: string;
}

/** An order's fields, block after block (the booking, its states, its money ...). */
export function OrderSections({ sections }: { sections: OrderSection[] }) {
  return (
    <>
      {sections.map((s) => (
        <Section key={s.testId} title={s.title}>
          <FieldGrid fields={s.fields} testId={s.testId} />
        </Section>
      ))}
    </>
  );
}

/** An order's states as both services name them. */
export interface OrderStates {
  orderState: number;
  payState: number;
  cancelApply: number;
  payDeadline: number;
}

/**
 * The states block's fields: one state machine, so the same fields. `progress` names the real,
 * supplier and channel progress as the service does, the order's fields and their labels' keys
 * (`<fields>.<key>`) alike.
 */
export function useOrderStateFields<K extends string>(fields: string, o: OrderStates & Record<K, number>, progress: K[]): Field[] {
  const label = useEnumLabel();
  return [
    { label: `${fields}.orderState`, value: label(ORDER_STATE, o.orderState) },
    ...progress.map((key) => ({ label: `${fields}.${key}`, value: label(ORDER_PROGRESS, o[key]) })),
    { label: `${fields}.payState`, value: label(PAY_STATE, o.payState) },
    { label: `${fields}.cancelApply`, value: label(CANCEL_APPLY, o.cancelApply) },
    { label: `${fields}.payDeadline`, value: dateTime(o.payDeadline) },
  ];
}

/** When an order was placed, last changed, confirmed and finished (`--` for what has not happened). */
export function orderTimeFields(fields: string, o: { createDate: number; modifyDate: number; confirmDate: number; finishDate: number }): Field[] {
  return (['createDate', 'modifyDate', 'confirmDate', 'finishDate'] as const).map((key) => ({ label: `${fields}.${key}`, value: dateTime(o[key]) }));
}
