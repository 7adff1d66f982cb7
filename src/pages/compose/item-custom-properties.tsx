/** An item's custom properties: name and value pairs that travel with the item as sent. */
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import { Tooltip } from '#components/tooltip.tsx';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { CommitField } from './commit-field.tsx';
import { Section } from './item-section.tsx';
import type { EditorAction, EditorItem } from './playlist-document.ts';
import { issueFor } from './playlist-service.ts';
import { customProperties, withCustomProperties } from './playlist-timing.ts';
import type { ItemIssue } from './playlist-validation.ts';

function valueText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Back from the text field: a string stays a string; a value that was not one is read as JSON when it parses. */
function valueFrom(text: string, previous: unknown): unknown {
  if (typeof previous === 'string' || previous === undefined) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function CustomProperties({ item, issues, dispatch }: { item: EditorItem; issues: readonly ItemIssue[] | undefined; dispatch: (action: EditorAction) => void }) {
  const entries = customProperties(item);
  const replace = (next: [string, unknown][], label: string) => dispatch({ type: 'updateItem', key: item.key, patch: { properties: withCustomProperties(item, next) }, label });
  const names = new Set(entries.map(([n]) => n));
  const add = () => {
    let n = 1;
    while (names.has(`property${n}`)) n++;
    replace([...entries, [`property${n}`, '']], 'added a custom property');
  };
  return (
    <Section title="Custom properties" add={{ label: 'Add property', onClick: add }}>
      {entries.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          None. Properties added here travel with the item as sent; the service keeps them.
        </Typography>
      ) : (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          {entries.map(([name, value], index) => (
            <Box key={`${index}-${name}`} sx={{ display: 'grid', gridTemplateColumns: '1fr 1.4fr auto', gap: 1, alignItems: 'start' }}>
              <CommitField
                size="small"
                label="Name"
                value={name}
                onCommit={(text) => replace(entries.map((e, i) => (i === index ? [text, e[1]] : e)), 'renamed a custom property')}
                check={(text) => (!text.trim() ? 'A property needs a name.' : ['start', 'end', 'frameAccurate', 'outputDescription'].includes(text.trim()) ? 'This name has its own field above.' : entries.some(([n], i) => i !== index && n === text.trim()) ? 'Another property has this name.' : undefined)}
                error={issueFor(issues, `properties.${name}`) ?? issueFor(issues, name)}
                slotProps={{ htmlInput: { spellCheck: false } }}
              />
              <CommitField
                size="small"
                label={`Value of ${name}`}
                value={valueText(value)}
                onCommit={(text) => replace(entries.map((e, i) => (i === index ? [e[0], valueFrom(text, e[1])] : e)), 'changed a custom property')}
                helperText={typeof value === 'string' ? undefined : 'JSON'}
                slotProps={{ htmlInput: { spellCheck: false } }}
              />
              <Tooltip title="Remove the property">
                <IconButton aria-label={`Remove property ${name}`} onClick={() => replace(entries.filter((_, i) => i !== index), 'removed a custom property')}>
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </Box>
          ))}
        </Box>
      )}
      <Divider sx={{ mt: 2 }} />
    </Section>
  );
}
