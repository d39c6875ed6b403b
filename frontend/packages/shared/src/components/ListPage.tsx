// The frame of every list page: the title, one row of filters with Inquire and Reset (Enter in
// a field inquires too), then the table.
import type { ReactNode } from 'react';
import { Box, Button, Typography } from '@mui/material';
import { FormattedMessage } from 'react-intl';

export interface ListPageProps {
  /** Message id of the title. */
  title: string;
  filters?: ReactNode;
  /** Buttons after Inquire and Reset. */
  actions?: ReactNode;
  onInquire: () => void;
  onReset: () => void;
  children: ReactNode;
}

export function ListPage({ title, filters, actions, onInquire, onReset, children }: ListPageProps) {
  return (
    <Box>
      <Typography variant="h6" sx={{ mb: 2 }}>
        <FormattedMessage id={title} />
      </Typography>
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onInquire();
        }}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 2 }}
      >
        {filters}
        <Button type="submit" variant="contained" size="small" data-testid="search-inquire">
          <FormattedMessage id="search.inquire" />
        </Button>
        <Button type="button" variant="outlined" size="small" onClick={onReset} data-testid="search-reset">
          <FormattedMessage id="search.reset" />
        </Button>
        {actions}
      </Box>
      {children}
    </Box>
  );
}
