/**
 * The sign-in page (requirements §2, §5): user name and password, both required ("User name cannot be
 * empty", "Password cannot be empty"); a wrong login (code 700) is shown inline, not as a toast;
 * other failures are toasts. After success the user goes to the `redirect` parameter (or `/`);
 * a signed-in user landing here goes to `/`.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useLogin, useNotify, useTranslate } from 'react-admin';
import { Alert, Box, Button, CircularProgress, IconButton, InputAdornment, Paper, Stack, TextField, Typography } from '@mui/material';
import BoltIcon from '@mui/icons-material/Bolt';
import PersonIcon from '@mui/icons-material/PersonOutline';
import LockIcon from '@mui/icons-material/LockOutlined';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { errorCode } from '../../dataProvider/httpClient';
import { LOGIN_NOTICE_KEY, loginPathFor, safeRedirect } from '../../authProvider';
import { LAST_USER_KEY, TOKEN_KEY } from '../../authProvider/session';
import { LanguageToggle } from '../layout/LanguageToggle';
import { SIDEBAR } from '../theme';

export interface LoginErrors {
  username?: string;
  password?: string;
}

/** Validates the form; values are i18n keys (requirements §5). */
export function validateLogin(values: { username: string; password: string }): LoginErrors {
  const errors: LoginErrors = {};
  if (!values.username.trim()) errors.username = 'app.login.username_required';
  if (!values.password) errors.password = 'app.login.password_required';
  return errors;
}

export function LoginPage() {
  const translate = useTranslate();
  const login = useLogin();
  const notify = useNotify();
  const [params] = useSearchParams();
  const [username, setUsername] = useState(() => localStorage.getItem(LAST_USER_KEY) ?? '');
  const [password, setPassword] = useState('');
  const [show, setShow] = useState(false);
  const [errors, setErrors] = useState<LoginErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    document.title = `${translate('menu.login')} - ${translate('app.name')}`;
  }, [translate]);

  // A message left by the session that just ended (e.g. its permissions could not be loaded).
  useEffect(() => {
    const notice = sessionStorage.getItem(LOGIN_NOTICE_KEY);
    if (notice) {
      sessionStorage.removeItem(LOGIN_NOTICE_KEY);
      notify(notice, { type: 'error' });
    }
  }, [notify]);

  // react-admin hands the page a signed-out visitor wanted in the location state; keep it in the
  // URL as `?redirect=` (requirements §2) so it survives a reload.
  const location = useLocation();
  const navigate = useNavigate();
  const wanted = (location.state as { nextPathname?: string; nextSearch?: string } | null)?.nextPathname;
  const wantedSearch = (location.state as { nextSearch?: string } | null)?.nextSearch ?? '';
  useEffect(() => {
    if (wanted && !params.get('redirect')) {
      const target = loginPathFor(`${wanted}${wantedSearch}`);
      if (target !== '/login') navigate(target, { replace: true });
    }
  }, [wanted, wantedSearch, params, navigate]);

  if (localStorage.getItem(TOKEN_KEY) && !loading) return <Navigate to="/" replace />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateLogin({ username, password });
    setErrors(found);
    setFailure(null);
    if (found.username || found.password) return;
    setLoading(true);
    try {
      await login({ username: username.trim(), password }, safeRedirect(params.get('redirect')));
    } catch (err) {
      if (errorCode(err) === 700) setFailure('app.login.wrong_credentials');
      else notify((err as Error)?.message || 'ra.auth.sign_in_error', { type: 'error' });
      setLoading(false);
    }
  };

  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        background: `radial-gradient(1200px 600px at 10% 10%, #2b3a4f 0%, transparent 60%), linear-gradient(135deg, ${SIDEBAR.submenuBackground} 0%, ${SIDEBAR.background} 55%, #17634a 100%)`,
        position: 'relative',
      }}
    >
      <Box sx={{ position: 'absolute', top: 16, right: 16 }}>
        <LanguageToggle sx={{ color: '#fff' }} />
      </Box>
      <Paper elevation={8} sx={{ width: '100%', maxWidth: 400, p: { xs: 3, sm: 4.5 }, borderRadius: 3 }}>
        <Stack alignItems="center" spacing={1} sx={{ mb: 3 }}>
          <Box
            sx={{
              width: 56,
              height: 56,
              borderRadius: '14px',
              bgcolor: 'primary.main',
              display: 'grid',
              placeItems: 'center',
              boxShadow: '0 8px 20px rgba(30,187,119,.35)',
            }}
          >
            <BoltIcon sx={{ color: '#fff', fontSize: 34 }} />
          </Box>
          <Typography variant="h5" sx={{ fontWeight: 700 }}>
            {translate('app.name')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('app.tagline')}
          </Typography>
        </Stack>
        <Box component="form" noValidate onSubmit={submit} data-testid="login-form">
          <Stack spacing={2}>
            {failure && (
              <Alert severity="error" data-testid="login-error">
                {translate(failure)}
              </Alert>
            )}
            <TextField
              label={translate('app.login.username')}
              value={username}
              onChange={(e) => setUsername(e.target.value)}
              autoComplete="username"
              autoFocus={!username}
              error={!!errors.username}
              helperText={errors.username ? translate(errors.username) : ' '}
              slotProps={{
                htmlInput: { 'data-testid': 'login-username', name: 'username' },
                input: {
                  startAdornment: (
                    <InputAdornment position="start">
                      <PersonIcon fontSize="small" />
                    </InputAdornment>
                  ),
                },
              }}
            />
            <TextField
              label={translate('app.login.password')}
              type={show ? 'text' : 'password'}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              autoComplete="current-password"
              autoFocus={!!username}
              error={!!errors.password}
              helperText={errors.password ? translate(errors.password) : ' '}
              slotProps={{
                htmlInput: { 'data-testid': 'login-password', name: 'password' },
                input: {
                  startAdornment: (
                    <InputAdornment position="start">
                      <LockIcon fontSize="small" />
                    </InputAdornment>
                  ),
                  endAdornment: (
                    <InputAdornment position="end">
                      <IconButton
                        size="small"
                        onClick={() => setShow((s) => !s)}
                        aria-label={translate(show ? 'ra.input.password.toggle_visible' : 'ra.input.password.toggle_hidden')}
                      >
                        {show ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
                      </IconButton>
                    </InputAdornment>
                  ),
                },
              }}
            />
            <Button type="submit" variant="contained" size="large" disabled={loading} data-testid="login-submit" sx={{ py: 1.2, fontWeight: 600 }}>
              {loading ? <CircularProgress size={22} color="inherit" /> : translate('app.login.submit')}
            </Button>
          </Stack>
        </Box>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', textAlign: 'center', mt: 3 }}>
          {translate('app.login.footer')}
        </Typography>
      </Paper>
    </Box>
  );
}

export default LoginPage;
