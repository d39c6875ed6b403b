// A detail page's fields: labels and values in a responsive grid.
import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { FormattedMessage } from 'react-intl';

export interface Field {
  /** Message id of the label. */
  label: string;
  value: ReactNode;
}

export function FieldGrid({ fields, testId }: { fields: Field[]; testId?: string }) {
  return (
    <Box
      data-testid={testId}
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', columnGap: 3, rowGap: 1.5 }}
    >
      {fields.map((f) => (
        <Box key={f.label}>
          <Typography variant="caption" color="text.secondary" component="div">
            <FormattedMessage id={f.label} />
          </Typography>
          <Typography variant="body2" component="div" sx={{ wordBreak: 'break-word' }}>
            {f.value === '' || f.value === null || f.value === undefined ? '--' : f.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
