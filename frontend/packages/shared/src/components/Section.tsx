// A titled block of a detail page.
import type { ReactNode } from 'react';
import { Paper, Typography } from '@mui/material';
import { FormattedMessage } from 'react-intl';

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Typography variant="subtitle1" sx={{ mb: 1.5, fontWeight: 600 }}>
        <FormattedMessage id={title} />
      </Typography>
      {children}
    </Paper>
  );
}
