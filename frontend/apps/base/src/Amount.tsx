// Money in a finance table's cell: fen shown as yuan with two decimals, on one line, in figures
// of one width so the columns read down.
import { Box } from '@mui/material';
import { money } from '@tradewind/shared';

export function Amount({ fen, strong }: { fen: number | null | undefined; strong?: boolean }) {
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', fontWeight: strong ? 600 : undefined }}>
      {money(fen)}
    </Box>
  );
}
