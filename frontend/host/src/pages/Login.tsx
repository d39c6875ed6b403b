// /login: username (trimmed) and password (at least 6 characters); the server's message on
// failure.
import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Paper, TextField, Typography } from '@mui/material';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { loginProblem } from '@tradewind/shared';
import { login } from '../shell';
import { LanguageSwitch } from '../layout/LanguageSwitch';

export default function Login({ onLoggedIn }: { onLoggedIn: () => Promise<void> }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<'username' | 'password' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const p = loginProblem(username, password);
    setProblem(p);
    setError(null);
    if (p) return;
    setBusy(true);
    try {
      await login(username, password);
      await onLoggedIn();
      navigate('/dashboard', { replace: true });
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'grey.100' }}>
      <Box sx={{ position: 'fixed', top: 12, right: 16 }}>
        <LanguageSwitch />
      </Box>
      <Paper component="form" onSubmit={submit} sx={{ p: 4, width: 380 }} elevation={3} noValidate>
        <Typography variant="h5" sx={{ mb: 0.5, fontWeight: 600 }}>
          Tradewind
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
          <FormattedMessage id="login.subtitle" />
        </Typography>
        <TextField
          label={intl.formatMessage({ id: 'login.username' })}
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          fullWidth
          autoFocus
          margin="dense"
          name="username"
          error={problem === 'username'}
          helperText={problem === 'username' ? intl.formatMessage({ id: 'login.usernameRequired' }) : ' '}
        />
        <TextField
          label={intl.formatMessage({ id: 'login.password' })}
          type="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          fullWidth
          margin="dense"
          name="password"
          error={problem === 'password'}
          helperText={problem === 'password' ? intl.formatMessage({ id: 'login.passwordShort' }) : ' '}
        />
        {error && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="login-error">
            {error}
          </Alert>
        )}
        <Button type="submit" variant="contained" fullWidth size="large" disabled={busy}>
          <FormattedMessage id="login.submit" />
        </Button>
      </Paper>
    </Box>
  );
}
