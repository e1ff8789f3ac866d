import { useState, type FormEvent } from 'react';
import { Box, Button, Card, CardContent, TextField, Typography } from '@mui/material';
import { LocalesMenuButton, useLogin, useNotify, useTranslate } from 'react-admin';
import { SecondFactorRequired } from './authProvider';

/**
 * E-mail and password, then the authenticator code when the API answers a second-factor challenge;
 * the console's language can be chosen here already.
 */
export function LoginPage() {
  const login = useLogin();
  const notify = useNotify();
  const translate = useTranslate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [challenge, setChallenge] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      // Six digits are a code of the app; anything else is tried as one of the recovery codes.
      const factor = /^\d{6}$/.test(code.trim()) ? { code: code.trim() } : { recoveryCode: code.trim() };
      await login(challenge ? { challenge, ...factor } : { email: email.trim(), password });
    } catch (error) {
      if (error instanceof SecondFactorRequired) setChallenge(error.challenge);
      else notify((error as Error)?.message || 'swx.login.failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: '#1b2430',
      }}
    >
      <Card sx={{ width: 380 }} component="form" onSubmit={(e: FormEvent) => void submit(e)}>
        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, p: 4 }}>
          {/* The language can be chosen before signing in; the console remembers it. */}
          <Box
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'center',
              justifyContent: 'space-between',
              gap: 1,
            }}
          >
            <Typography variant="h5">{translate('swx.title')}</Typography>
            <LocalesMenuButton />
          </Box>
          {challenge ? (
            <TextField
              name="code"
              label={translate('swx.login.code')}
              helperText={translate('swx.login.codeHelp')}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              autoFocus
              autoComplete="one-time-code"
              slotProps={{ htmlInput: { maxLength: 16 } }}
            />
          ) : (
            <>
              <TextField
                name="email"
                type="email"
                label={translate('swx.login.email')}
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                autoFocus
                autoComplete="username"
                required
              />
              <TextField
                name="password"
                type="password"
                label={translate('swx.login.password')}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                autoComplete="current-password"
                required
              />
            </>
          )}
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            {translate(challenge ? 'swx.login.verify' : 'swx.login.submit')}
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
}
