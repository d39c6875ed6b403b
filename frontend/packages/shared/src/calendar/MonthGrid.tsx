// One month of a product's calendar, Monday first: each date's distribution price (purchase and
// retail beneath), its stock (left to sell, or no limit) and what is sold, closed dates marked,
// dates without a price empty. A click on a date asks to set it (when the user may).
import { Box, Chip, Typography } from '@mui/material';
import { money } from '../format';
import { FormattedMessage } from 'react-intl';
import { monthWeeks } from './rules';
import type { PriceDay } from './types';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];

export function MonthGrid({ year, month, days, onPick }: { year: number; month: number; days: PriceDay[]; onPick?: (day: string) => void }) {
  const byDay = new Map(days.map((d) => [d.day, d]));
  return (
    <Box data-testid="price-grid" sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(96px, 1fr))', gap: 0.5 }}>
      {WEEKDAYS.map((w) => (
        <Typography key={w} variant="caption" sx={{ textAlign: 'center', fontWeight: 600, color: 'text.secondary' }}>
          <FormattedMessage id={`calendar.weekday.${w}`} />
        </Typography>
      ))}
      {monthWeeks(year, month)
        .flat()
        .map((date, i) =>
          date ? <DayCell key={date} date={date} day={byDay.get(date)} onPick={onPick} /> : <Box key={`blank-${i}`} />,
        )}
    </Box>
  );
}

function DayCell({ date, day, onPick }: { date: string; day?: PriceDay; onPick?: (day: string) => void }) {
  const closed = Boolean(day?.closed);
  return (
    <Box
      data-testid={`price-day-${date}`}
      onClick={onPick ? () => onPick(date) : undefined}
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        p: 0.75,
        minHeight: 86,
        cursor: onPick ? 'pointer' : 'default',
        bgcolor: closed ? 'action.disabledBackground' : day?.hasPrice ? 'background.paper' : 'action.hover',
        '&:hover': onPick ? { borderColor: 'primary.main' } : undefined,
      }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {Number(date.slice(8))}
        </Typography>
        {closed && <Chip size="small" color="default" label={<FormattedMessage id="calendar.closed" />} data-testid="price-closed" />}
      </Box>
      {day?.hasPrice ? (
        <>
          <Typography variant="body2" color="primary" data-testid="price-distribution">
            ¥{money(day.distributionPrice)}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="div">
            <FormattedMessage id="calendar.short.purchase" values={{ price: money(day.purchasePrice) }} />
            {' · '}
            <FormattedMessage id="calendar.short.retail" values={{ price: money(day.retailPrice) }} />
          </Typography>
          <Typography variant="caption" component="div" data-testid="price-stock">
            {day.stockType === 'unlimited' ? (
              <FormattedMessage id="calendar.noLimit" />
            ) : (
              <FormattedMessage id="calendar.stockLeft" values={{ stock: day.stock ?? 0 }} />
            )}
            {' · '}
            <FormattedMessage id="calendar.sold" values={{ sold: day.sold ?? 0 }} />
          </Typography>
        </>
      ) : (
        <Typography variant="caption" color="text.secondary">
          <FormattedMessage id="calendar.noPrice" />
        </Typography>
      )}
    </Box>
  );
}
