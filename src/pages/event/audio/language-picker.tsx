/**
 * The language of an audio input: a searchable list of ISO 639 languages (by name or code). A
 * code the list does not have can still be typed; the picker then says it does not know it.
 */
import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { findLanguage, LANGUAGES, searchLanguages, type Language } from './languages.ts';

export interface LanguagePickerProps {
  /** The language code ('' for none). */
  value: string;
  onChange: (code: string) => void;
  onBlur?: () => void;
  inputRef?: React.Ref<HTMLInputElement>;
  label: string;
  /** An accessible name beyond the visible label: "Language of input 2". */
  ariaLabel?: string;
  name?: string;
  error?: string;
  size?: 'small' | 'medium';
}

const optionLabel = (option: Language | string) => (typeof option === 'string' ? option : option.name ? `${option.name} (${option.code})` : option.code);

/** What was typed as a code: a known code or name, else the text itself. */
function codeOf(text: string): string {
  const trimmed = text.trim();
  const byCode = findLanguage(trimmed);
  if (byCode) return byCode.code;
  const byName = LANGUAGES.find((l) => l.name.toLowerCase() === trimmed.toLowerCase() || optionLabel(l).toLowerCase() === trimmed.toLowerCase());
  return byName?.code ?? trimmed;
}

export function LanguagePicker({ value, onChange, onBlur, inputRef, label, ariaLabel, name, error, size = 'small' }: LanguagePickerProps) {
  const [open, setOpen] = useState(false);
  const known = value ? findLanguage(value) : undefined;
  const selected: Language | null = value ? (known ?? { code: value, name: '' }) : null;
  const warning = value && !known ? `‘${value}’ is not an ISO 639-1 code this list knows: check it` : undefined;
  return (
    <Autocomplete<Language, false, false, true>
      freeSolo
      autoSelect
      autoHighlight
      handleHomeEndKeys
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={LANGUAGES}
      value={selected}
      getOptionLabel={optionLabel}
      isOptionEqualToValue={(option, v) => option.code === (typeof v === 'string' ? v : v.code)}
      filterOptions={(options, state) => searchLanguages(state.inputValue === optionLabel(selected ?? '') ? '' : state.inputValue, options).slice(0, 50)}
      onChange={(_e, next) => onChange(next === null ? '' : typeof next === 'string' ? codeOf(next) : next.code)}
      onBlur={onBlur}
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
          <span>{option.name}</span>
          <Box component="span" sx={{ fontFamily: 'monospace', color: 'text.secondary' }}>
            {option.code}
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          name={name}
          label={label}
          size={size}
          inputRef={inputRef}
          error={Boolean(error)}
          helperText={error ?? warning}
          placeholder="Search by name or code"
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'aria-label': ariaLabel } }}
        />
      )}
    />
  );
}
