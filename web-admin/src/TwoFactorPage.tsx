import { useEffect, useState, type FormEvent } from 'react';
import { Box, Button, Card, CardContent, TextField, Typography } from '@mui/material';
import { Title, useNotify, useTranslate } from 'react-admin';
import { API_URL, httpClient } from './api';

interface Setup {
  secret: string;
  otpauthUrl: string;
  qrCodeDataUrl: string;
}

/**
 * The admin's own TOTP enrolment: a QR code and the secret, confirmed with a code of the app; the
 * recovery codes the API answers are shown this once (only their hashes are kept).
 */
export function TwoFactorPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const [enabled, setEnabled] = useState<boolean | null>(null);
  const [codesLeft, setCodesLeft] = useState<number | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [setup, setSetup] = useState<Setup | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    httpClient(`${API_URL}/me`)
      .then(({ json }) => {
        if (!live) return;
        const me = json as { twoFactorEnabled?: boolean; recoveryCodesLeft?: number };
        setEnabled(Boolean(me.twoFactorEnabled));
        setCodesLeft(typeof me.recoveryCodesLeft === 'number' ? me.recoveryCodesLeft : null);
      })
      .catch((error: unknown) => notify((error as Error).message, { type: 'error' }));
    return () => {
      live = false;
    };
  }, [notify]);

  const start = async () => {
    setBusy(true);
    try {
      const { json } = await httpClient(`${API_URL}/2fa/setup`, { method: 'POST' });
      setSetup(json as Setup);
      setCode('');
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const { json } = await httpClient(`${API_URL}/2fa/enable`, {
        method: 'POST',
        body: JSON.stringify({ code: code.trim() }),
      });
      const codes = (json as { recoveryCodes?: string[] }).recoveryCodes ?? [];
      setRecoveryCodes(codes);
      setCodesLeft(codes.length);
      setEnabled(true);
      setSetup(null);
      notify('swx.twoFactor.enabled', { type: 'success' });
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card sx={{ mt: 2, maxWidth: 560 }}>
      <Title title={translate('swx.twoFactor.title')} />
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography variant="h6">{translate('swx.twoFactor.title')}</Typography>
        {recoveryCodes?.length ? (
          <Box data-testid="recovery-codes" sx={{ display: 'grid', gap: 1 }}>
            <Typography color="warning.main">{translate('swx.twoFactor.recoveryShownOnce')}</Typography>
            <Box
              component="ol"
              sx={{ fontFamily: 'monospace', fontSize: 16, columns: 2, m: 0, pl: 3, userSelect: 'all' }}
            >
              {recoveryCodes.map((c) => (
                <li key={c} data-testid="recovery-code">
                  {c}
                </li>
              ))}
            </Box>
            <Button
              variant="outlined"
              onClick={() => setRecoveryCodes(null)}
              data-testid="recovery-codes-saved"
            >
              {translate('swx.twoFactor.recoverySaved')}
            </Button>
          </Box>
        ) : null}
        {enabled === null || recoveryCodes?.length ? null : enabled ? (
          <>
            <Typography data-testid="two-factor-on">{translate('swx.twoFactor.on')}</Typography>
            {codesLeft !== null && (
              <Typography variant="body2" color={codesLeft < 3 ? 'error' : 'text.secondary'}>
                {translate('swx.twoFactor.recoveryLeft', { count: codesLeft })}
              </Typography>
            )}
          </>
        ) : setup ? (
          <Box component="form" onSubmit={(e: FormEvent) => void confirm(e)} sx={{ display: 'grid', gap: 2 }}>
            <Typography>{translate('swx.twoFactor.scan')}</Typography>
            <Box component="img" src={setup.qrCodeDataUrl} alt="QR" sx={{ width: 200, height: 200 }} />
            <Typography variant="body2">
              {translate('swx.twoFactor.secret')}: <code data-testid="totp-secret">{setup.secret}</code>
            </Typography>
            <TextField
              name="code"
              label={translate('swx.login.code')}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              autoComplete="one-time-code"
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
              required
            />
            <Button type="submit" variant="contained" disabled={busy}>
              {translate('swx.twoFactor.confirm')}
            </Button>
          </Box>
        ) : (
          <>
            <Typography>{translate('swx.twoFactor.off')}</Typography>
            <Button variant="contained" onClick={() => void start()} disabled={busy}>
              {translate('swx.twoFactor.start')}
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}
