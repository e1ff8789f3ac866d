import { useState, type FormEvent } from 'react';
import { Button, Card, CardContent, TextField, Typography } from '@mui/material';
import { Title, useLogout, useNotify, useTranslate } from 'react-admin';
import { call } from './api';

/** The API's rule for admin passwords (AdminChangePasswordDto). */
const MIN_LENGTH = 12;

/**
 * The logged-in admin changes their own password: the current one, the new one twice. Every
 * session of the admin ends with it, this one included, so the console signs in again.
 */
export function PasswordPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const logout = useLogout();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [busy, setBusy] = useState(false);

  const tooShort = next.length > 0 && next.length < MIN_LENGTH;
  const mismatch = repeat.length > 0 && repeat !== next;
  const ready = current.length > 0 && next.length >= MIN_LENGTH && repeat === next;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    setBusy(true);
    try {
      await call('/password', { method: 'POST', body: { oldPassword: current, newPassword: next } });
      notify('swx.password.changed', { type: 'success' });
      await logout({}, '/login', false);
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
      setBusy(false);
    }
  };

  return (
    <Card sx={{ mt: 2, maxWidth: 560 }}>
      <Title title={translate('swx.password.title')} />
      <CardContent
        component="form"
        onSubmit={(e: FormEvent) => void submit(e)}
        sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
      >
        <Typography variant="h6">{translate('swx.password.title')}</Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('swx.password.help', { min: MIN_LENGTH })}
        </Typography>
        <TextField
          name="oldPassword"
          type="password"
          label={translate('swx.password.current')}
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
          autoComplete="current-password"
          required
        />
        <TextField
          name="newPassword"
          type="password"
          label={translate('swx.password.new')}
          value={next}
          onChange={(e) => setNext(e.target.value)}
          autoComplete="new-password"
          error={tooShort}
          helperText={tooShort ? translate('swx.password.tooShort', { min: MIN_LENGTH }) : ' '}
          required
        />
        <TextField
          name="repeatPassword"
          type="password"
          label={translate('swx.password.repeat')}
          value={repeat}
          onChange={(e) => setRepeat(e.target.value)}
          autoComplete="new-password"
          error={mismatch}
          helperText={mismatch ? translate('swx.password.mismatch') : ' '}
          required
        />
        <Button type="submit" variant="contained" disabled={busy || !ready} data-testid="change-password">
          {translate('swx.password.submit')}
        </Button>
      </CardContent>
    </Card>
  );
}
