// The "Add" button of a list page's actions.
import { Button } from '@mui/material';
import { FormattedMessage } from 'react-intl';

export function AddButton({ onClick, testId }: { onClick: () => void; testId: string }) {
  return (
    <Button variant="contained" color="success" size="small" onClick={onClick} data-testid={testId}>
      <FormattedMessage id="form.add" />
    </Button>
  );
}
