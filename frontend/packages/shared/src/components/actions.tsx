// The buttons of list pages, alike in every application: "Add" among a list's filters, and the
// small text buttons of an actions column, kept on one line unless a page asks them to wrap.
import type { ReactNode } from 'react';
import { Box, Button } from '@mui/material';
import { FormattedMessage } from 'react-intl';

/** `label`: message id ("Add" unless said). */
export function AddButton({ onClick, testId, label = 'form.add' }: { onClick: () => void; testId: string; label?: string }) {
  return (
    <Button variant="contained" color="success" size="small" onClick={onClick} data-testid={testId}>
      <FormattedMessage id={label} />
    </Button>
  );
}

export function RowAction({ label, onClick, testId, color }: { label: string; onClick: () => void; testId: string; color?: 'error' | 'warning' }) {
  return (
    <Button size="small" color={color} onClick={onClick} data-testid={testId} sx={{ minWidth: 0, px: 0.75, whiteSpace: 'nowrap' }}>
      <FormattedMessage id={label} />
    </Button>
  );
}

/** `wrap`: a row of many actions may take two lines rather than widen a full table past the page. */
export function RowActions({ children, wrap }: { children: ReactNode; wrap?: boolean }) {
  return <Box sx={{ display: 'flex', flexWrap: wrap ? 'wrap' : 'nowrap', gap: 0.5 }}>{children}</Box>;
}
