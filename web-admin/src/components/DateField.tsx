import { DateField as RaDateField, type DateFieldProps } from 'react-admin';
import { useIntlLocale } from '../i18n/intl';

/** react-admin's DateField in the console's language (its own default is the browser's). */
export function DateField(props: DateFieldProps) {
  const locales = useIntlLocale();
  return <RaDateField locales={locales} {...props} />;
}
