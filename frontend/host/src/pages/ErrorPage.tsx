// /403, /404, /500.
import { Box, Button, Typography } from '@mui/material';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router-dom';

export default function ErrorPage({ code }: { code: 403 | 404 | 500 }) {
  const navigate = useNavigate();
  return (
    <Box sx={{ textAlign: 'center', py: 12 }} data-testid={`error-${code}`}>
      <Typography variant="h2" color="primary" sx={{ fontWeight: 700 }}>
        {code}
      </Typography>
      <Typography variant="h6" sx={{ my: 2 }}>
        <FormattedMessage id={`error.${code}`} />
      </Typography>
      <Button variant="outlined" onClick={() => navigate('/dashboard')}>
        <FormattedMessage id="error.home" />
      </Button>
    </Box>
  );
}
