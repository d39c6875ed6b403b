// /login: username (trimmed) and password (at least 6 characters); the server's message on
// failure. Written without the component library so the first page a visitor sees loads only
// React, react-intl and the shared core (the benchmark's initial load); its look follows the
// console's theme colour.
import { useState, type CSSProperties, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { loginProblem, type Locale } from '@tradewind/shared/core';
import { login } from '../shell';

export interface LoginPageProps {
  locale: Locale;
  onLocale: (l: Locale) => void;
  colour: string;
  /** The tokens are stored: start the session. A failure here is shown like a login failure. */
  onLoggedIn: () => Promise<void>;
  /** Called at the first keystroke: the shell can start loading while the user types. */
  onTyping?: () => void;
}

const styles: Record<string, CSSProperties> = {
  page: {
    minHeight: '100vh',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    background: '#f5f5f5',
    fontFamily: 'Roboto, "Helvetica Neue", Arial, "Noto Sans CJK SC", sans-serif',
  },
  language: { position: 'fixed', top: 12, right: 16, padding: '6px 8px', fontSize: 14, borderRadius: 4, border: '1px solid #c4c4c4', background: '#fff' },
  card: { width: 380, padding: 32, background: '#fff', borderRadius: 4, boxShadow: '0 3px 3px -2px rgba(0,0,0,.2), 0 3px 4px rgba(0,0,0,.14), 0 1px 8px rgba(0,0,0,.12)', boxSizing: 'border-box' },
  title: { margin: '0 0 4px', fontSize: 24, fontWeight: 600, color: 'rgba(0,0,0,.87)' },
  subtitle: { margin: '0 0 24px', fontSize: 14, color: 'rgba(0,0,0,.6)' },
  label: { display: 'block', fontSize: 13, color: 'rgba(0,0,0,.6)', marginBottom: 4 },
  input: { width: '100%', boxSizing: 'border-box', padding: '12px 14px', fontSize: 16, borderRadius: 4, border: '1px solid #c4c4c4', outlineColor: 'currentColor' },
  help: { minHeight: 20, margin: '3px 14px 6px', fontSize: 12, color: '#d32f2f' },
  alert: { marginBottom: 16, padding: '8px 14px', borderRadius: 4, background: '#fdeded', color: '#5f2120', fontSize: 14 },
  button: { width: '100%', padding: '10px 22px', fontSize: 15, fontWeight: 500, letterSpacing: '.03em', color: '#fff', border: 'none', borderRadius: 4, cursor: 'pointer' },
};

export function LoginPage({ locale, onLocale, colour, onLoggedIn, onTyping }: LoginPageProps) {
  const intl = useIntl();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<'username' | 'password' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [typed, setTyped] = useState(false);

  const typing = () => {
    if (typed) return;
    setTyped(true);
    onTyping?.();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    typing();
    const p = loginProblem(username, password);
    setProblem(p);
    setError(null);
    if (p) return;
    setBusy(true);
    try {
      await login(username, password);
      await onLoggedIn();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      setBusy(false);
    }
  };

  const field = (name: 'username' | 'password', value: string, set: (v: string) => void, rule: string) => (
    <div>
      <label style={styles.label} htmlFor={`login-${name}`}>
        <FormattedMessage id={`login.${name}`} />
      </label>
      <input
        id={`login-${name}`}
        name={name}
        type={name === 'password' ? 'password' : 'text'}
        autoComplete={name === 'password' ? 'current-password' : 'username'}
        autoFocus={name === 'username'}
        value={value}
        aria-invalid={problem === name}
        onKeyDown={typing}
        onChange={(e) => {
          typing();
          set(e.target.value);
        }}
        style={{ ...styles.input, borderColor: problem === name ? '#d32f2f' : '#c4c4c4' }}
      />
      <p style={styles.help}>{problem === name ? intl.formatMessage({ id: rule }) : ' '}</p>
    </div>
  );

  return (
    <div style={styles.page}>
      <select
        style={styles.language}
        value={locale}
        onChange={(e) => onLocale(e.target.value === 'en' ? 'en' : 'zh-CN')}
        data-testid="login-language"
        aria-label="language"
      >
        <option value="zh-CN">简体中文</option>
        <option value="en">English</option>
      </select>
      <form style={styles.card} onSubmit={submit} noValidate>
        <h1 style={styles.title}>Tradewind</h1>
        <p style={styles.subtitle}>
          <FormattedMessage id="login.subtitle" />
        </p>
        {field('username', username, setUsername, 'login.usernameRequired')}
        {field('password', password, setPassword, 'login.passwordShort')}
        {error && (
          <div role="alert" style={styles.alert} data-testid="login-error">
            {error}
          </div>
        )}
        <button type="submit" disabled={busy} style={{ ...styles.button, background: colour, opacity: busy ? 0.6 : 1 }}>
          <FormattedMessage id="login.submit" />
        </button>
      </form>
    </div>
  );
}
