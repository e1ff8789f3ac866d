import { useEffect, useState } from 'react';
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { fetchBlobUrl } from '../api';

/** An image behind the admin session (voucher, KYC document): fetched with the token, shown from memory. */
export function AuthImage({
  src,
  alt,
  testId,
}: {
  src: string | null | undefined;
  alt: string;
  testId?: string;
}) {
  const translate = useTranslate();
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!src) return;
    let objectUrl: string | null = null;
    let cancelled = false;
    fetchBlobUrl(src).then(
      (u) => {
        objectUrl = u;
        if (cancelled) URL.revokeObjectURL(u);
        else setUrl(u);
      },
      (e: Error) => !cancelled && setError(e.message),
    );
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [src]);
  if (!src) return <Typography color="text.secondary">{translate('swx.review.noDocument')}</Typography>;
  if (error) return <Typography color="error">{error}</Typography>;
  return (
    <Box
      component="a"
      href={url ?? undefined}
      target="_blank"
      rel="noreferrer"
      sx={{
        display: 'block',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        p: 0.5,
        bgcolor: 'grey.50',
      }}
    >
      {url ? (
        <Box
          component="img"
          src={url}
          alt={alt}
          data-testid={testId}
          sx={{
            display: 'block',
            maxWidth: '100%',
            maxHeight: 360,
            minHeight: 60,
            objectFit: 'contain',
            mx: 'auto',
          }}
        />
      ) : (
        <Box sx={{ height: 120 }} />
      )}
    </Box>
  );
}
