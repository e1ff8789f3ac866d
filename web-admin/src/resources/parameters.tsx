import { Box, Typography } from '@mui/material';
import { Labeled, TextInput, useLocaleState, useRecordContext } from 'react-admin';
import { parameterDescription, parameterReadOnlyNote } from '../i18n/parameters';

/**
 * A parameter's description in its edit form, as the list shows it. A key the console knows is
 * described by the console, in its language: that text, read-only (the database's English text,
 * which an operator could edit here before, was shown nowhere). A key only the database describes
 * (added later, or by an operator) keeps its description there: edited here, shown in the list.
 */
export function ParameterDescriptionInput() {
  const record = useRecordContext();
  const [locale] = useLocaleState();
  if (!record) return null;
  // The console's own text; none (empty) for a key it does not know.
  const own = parameterDescription(locale, String(record.key), null);
  if (!own) return <TextInput source="description" multiline fullWidth />;
  return (
    <Labeled source="description" fullWidth>
      <Box data-testid="parameter-description-readonly">
        <Typography variant="body2">{own}</Typography>
        <Typography variant="caption" color="text.secondary" component="div">
          {parameterReadOnlyNote(locale)}
        </Typography>
      </Box>
    </Labeled>
  );
}
