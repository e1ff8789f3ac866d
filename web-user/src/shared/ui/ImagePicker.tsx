import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkImage, compressImage, MAX_UPLOAD_BYTES } from '../image';
import { FieldError } from './Field';

/**
 * One image for an upload: from the camera (on phones `capture` opens it) or a file, checked for
 * format, compressed in the browser, previewed.
 */
export function ImagePicker({
  label,
  value,
  onChange,
  error,
  name,
}: {
  label: string;
  value: File | null;
  onChange: (file: File | null) => void;
  error?: string | null;
  name: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  // A JPEG or PNG is previewed: its object URL lives as long as the file is the value.
  const previewed = value && /^image\/(jpeg|png)$/.test(value.type) ? value : null;
  const preview = useRef<HTMLImageElement>(null);
  useEffect(() => {
    if (!previewed || !preview.current) return;
    const url = URL.createObjectURL(previewed);
    preview.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [previewed]);
  const pick = async (file: File | undefined) => {
    setProblem(null);
    if (!file) return;
    if (checkImage(file) === 'format') {
      setProblem(t('upload.format'));
      onChange(null);
      return;
    }
    const small = await compressImage(file);
    if (small.size > MAX_UPLOAD_BYTES) {
      setProblem(t('upload.size'));
      onChange(null);
      return;
    }
    onChange(small);
  };
  const shown = problem ?? error;
  return (
    <div className={`field image-picker${shown ? ' field-invalid' : ''}`}>
      <span className="label">{label}</span>
      <div className="image-box">
        {previewed ? (
          <img ref={preview} alt="" />
        ) : value ? (
          <span className="muted small">{value.name}</span>
        ) : (
          <span className="muted small">{t('upload.hint')}</span>
        )}
      </div>
      <div className="row-actions">
        <label className="btn btn-ghost btn-sm" htmlFor={`${id}-camera`}>
          {t('upload.camera')}
        </label>
        <input
          id={`${id}-camera`}
          className="visually-hidden"
          type="file"
          accept="image/*"
          capture="environment"
          onChange={(e) => void pick(e.target.files?.[0])}
        />
        <label className="btn btn-ghost btn-sm" htmlFor={`${id}-file`}>
          {t('upload.file')}
        </label>
        <input
          id={`${id}-file`}
          className="visually-hidden"
          type="file"
          name={name}
          data-testid={`file-${name}`}
          accept="image/jpeg,image/png,image/jp2,.jpg,.jpeg,.png,.jp2"
          onChange={(e) => void pick(e.target.files?.[0])}
        />
      </div>
      <FieldError message={shown} />
    </div>
  );
}
