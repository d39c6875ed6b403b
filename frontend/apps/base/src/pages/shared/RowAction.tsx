// A small text button of a list's actions column.
import { Button } from '@mui/material';
import { FormattedMessage } from 'react-intl';

export function RowAction({ label, onClick, testId, color }: { label: string; onClick: () => void; testId: string; color?: 'error' | 'warning' }) {
  return (
    <Button size="small" color={color} onClick={onClick} data-testid={testId} sx={{ minWidth: 0, px: 0.75 }}>
      <FormattedMessage id={label} />
    </Button>
  );
}
