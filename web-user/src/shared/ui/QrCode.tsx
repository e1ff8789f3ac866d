import { useEffect, useState } from 'react';
import { toDataURL } from 'qrcode';

/** A QR code of `text`, drawn in the browser. */
export function QrCode({ text, size = 180, label }: { text: string; size?: number; label: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    toDataURL(text, { margin: 1, width: size * 2, errorCorrectionLevel: 'M' }).then(
      (u) => live && setUrl(u),
      () => live && setUrl(null),
    );
    return () => {
      live = false;
    };
  }, [text, size]);
  return url ? (
    <img className="qr" src={url} width={size} height={size} alt={label} data-testid="qr-code" />
  ) : (
    <div className="qr" style={{ width: size, height: size }} aria-hidden="true" />
  );
}
