// The price and stock calendar of one product, a month at a time: the calendar's list
// (?productId=&startDate=&endDate=; the product's supplier and the tenant's staff), for hotel-app
// and ticket-app alike (config.ts). Opened from a product's row with `?productId=`. Who may set
// prices opens the setting dialog from the button or a date; the distributors' own prices sit
// below.
import { useEffect, useState } from 'react';
import { Alert, Box, Button, IconButton, LinearProgress, Typography } from '@mui/material';
import { FormattedMessage } from 'react-intl';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { api } from '../api';
import { useHolds } from '../components/perm';
import type { CalendarConfig } from './config';
import { monthRange, shiftMonth } from './rules';
import { DistributorPrices } from './DistributorPrices';
import { MonthGrid } from './MonthGrid';
import { PriceDialog } from './PriceDialog';
import type { PriceDay } from './types';

/** The calendar page of the product the URL names (`?productId=`). */
export function PriceCalendar({ config }: { config: CalendarConfig }) {
  const [params] = useSearchParams();
  const productId = (params.get('productId') ?? '').replace(/\D/g, '');
  return <PriceCalendarView key={productId} config={config} productId={productId} />;
}

function thisMonth() {
  const now = new Date();
  return { year: now.getFullYear(), month: now.getMonth() + 1 };
}

function PriceCalendarView({ config, productId }: { config: CalendarConfig; productId: string }) {
  const [shown, setShown] = useState(thisMonth);
  const [loaded, setLoaded] = useState<{ key: string; days: PriceDay[] } | null>(null);
  const [generation, setGeneration] = useState(0);
  const [dialogOn, setDialogOn] = useState<string | null>(null);
  const maySet = useHolds(config.perms.save);
  const mayListOwn = useHolds(config.perms.distributorList);
  const range = monthRange(shown.year, shown.month);
  // What the grid shows now; a save moves the generation so the same month is asked again.
  const key = `${productId}|${range.startDate}|${generation}`;

  useEffect(() => {
    if (!productId) return undefined;
    let live = true;
    api
      .get<PriceDay[]>(config.service, config.endpoints.list, { query: { productId, startDate: range.startDate, endDate: range.endDate } })
      .then((days) => live && setLoaded({ key, days }))
      // The client has said why; the grid shows the month without prices.
      .catch(() => live && setLoaded({ key, days: [] }));
    return () => {
      live = false;
    };
    // The key names everything the call depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  const days = loaded?.days ?? [];
  const loading = loaded?.key !== key;

  return (
    <Box data-testid={config.testId}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="h6">
          <FormattedMessage id="calendar.title" values={{ productId: productId || '--' }} />
        </Typography>
        <Button component={RouterLink} to={config.backTo} size="small" variant="outlined" data-testid="prices-back">
          <FormattedMessage id="calendar.back" />
        </Button>
      </Box>
      {!productId ? (
        <Alert severity="info">
          <FormattedMessage id="calendar.noProduct" />
        </Alert>
      ) : (
        <>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
            <IconButton size="small" onClick={() => setShown((m) => shiftMonth(m.year, m.month, -1))} data-testid="prices-prev" aria-label="previous month">
              ‹
            </IconButton>
            <Typography variant="subtitle1" sx={{ minWidth: 100, textAlign: 'center' }} data-testid="prices-month">
              {`${shown.year}-${String(shown.month).padStart(2, '0')}`}
            </Typography>
            <IconButton size="small" onClick={() => setShown((m) => shiftMonth(m.year, m.month, 1))} data-testid="prices-next" aria-label="next month">
              ›
            </IconButton>
            <Box sx={{ flex: 1 }} />
            {maySet && (
              <Button variant="contained" size="small" onClick={() => setDialogOn('')} data-testid="prices-set">
                <FormattedMessage id="calendar.set" />
              </Button>
            )}
          </Box>
          {loading ? <LinearProgress /> : <Box sx={{ height: 4 }} />}
          <MonthGrid year={shown.year} month={shown.month} days={days} onPick={maySet ? (d) => setDialogOn(d) : undefined} />
          {maySet && (
            <PriceDialog
              config={config}
              productId={Number(productId)}
              openOn={dialogOn}
              onClose={() => setDialogOn(null)}
              onSaved={() => {
                setDialogOn(null);
                setGeneration((g) => g + 1);
              }}
            />
          )}
          {mayListOwn && <DistributorPrices config={config} productId={Number(productId)} startDate={range.startDate} endDate={range.endDate} />}
        </>
      )}
    </Box>
  );
}
