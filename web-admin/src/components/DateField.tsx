import { Typography } from '@mui/material';
import {
  DateField as RaDateField,
  sanitizeFieldRestProps,
  useFieldValue,
  useTranslate,
  type DateFieldProps,
} from 'react-admin';
import { useFormatTime, useIntlLocale } from '../i18n/intl';

/**
 * react-admin's DateField in the console's language (its own default is the browser's). A time
 * (showTime) says its zone, as every time of the console does (formatTime: "… 16:22:47 UTC+1").
 */
export function DateField(props: DateFieldProps) {
  const locales = useIntlLocale();
  const formatTime = useFormatTime();
  const translate = useTranslate();
  const value: unknown = useFieldValue(props);
  const {
    showTime,
    showDate = true,
    emptyText,
    className,
    options,
    transform,
    locales: _locales,
    ...rest
  } = props;
  if (!showTime || !showDate || options || transform) return <RaDateField locales={locales} {...props} />;
  const empty = value === null || value === undefined || value === '';
  if (empty && !emptyText) return null;
  return (
    <Typography component="span" variant="body2" className={className} {...sanitizeFieldRestProps(rest)}>
      {empty ? translate(emptyText!, { _: emptyText }) : formatTime(value as string | number | Date)}
    </Typography>
  );
}
