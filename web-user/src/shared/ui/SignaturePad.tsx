import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError } from './Field';

/** A signature drawn with a finger or the mouse; answers a PNG once something is drawn. */
export function SignaturePad({
  onChange,
  error,
  label,
}: {
  onChange: (png: Blob | null) => void;
  error?: string | null;
  label: string;
}) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const [empty, setEmpty] = useState(true);
  useEffect(() => {
    const c = canvas.current;
    if (!c) return;
    const ratio = window.devicePixelRatio || 1;
    c.width = c.clientWidth * ratio;
    c.height = c.clientHeight * ratio;
    const ctx = c.getContext('2d');
    if (!ctx) return;
    ctx.scale(ratio, ratio);
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, c.width, c.height);
    ctx.lineWidth = 2.2;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = '#111';
  }, []);
  const point = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return [e.clientX - r.left, e.clientY - r.top] as const;
  };
  const finish = () => {
    if (!drawing.current) return;
    drawing.current = false;
    canvas.current?.toBlob((blob) => onChange(blob), 'image/png');
  };
  const clear = () => {
    const c = canvas.current;
    const ctx = c?.getContext('2d');
    if (!c || !ctx) return;
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, c.width, c.height);
    ctx.restore();
    setEmpty(true);
    onChange(null);
  };
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <span className="label">{label}</span>
      <canvas
        ref={canvas}
        className="signature-pad"
        data-testid="signature-pad"
        aria-label={label}
        onPointerDown={(e) => {
          const ctx = e.currentTarget.getContext('2d');
          if (!ctx) return;
          e.currentTarget.setPointerCapture(e.pointerId);
          drawing.current = true;
          const [x, y] = point(e);
          ctx.beginPath();
          ctx.moveTo(x, y);
          ctx.lineTo(x + 0.1, y + 0.1);
          ctx.stroke();
          setEmpty(false);
        }}
        onPointerMove={(e) => {
          if (!drawing.current) return;
          const ctx = e.currentTarget.getContext('2d');
          const [x, y] = point(e);
          ctx?.lineTo(x, y);
          ctx?.stroke();
        }}
        onPointerUp={finish}
        onPointerLeave={finish}
      />
      <div className="row-actions">
        <span className="muted small">{empty ? t('signature.hint') : t('signature.done')}</span>
        <button type="button" className="btn btn-ghost btn-sm" onClick={clear}>
          {t('signature.clear')}
        </button>
      </div>
      <FieldError message={error} />
    </div>
  );
}
