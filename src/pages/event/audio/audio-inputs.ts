/**
 * The audio inputs of a channel profile as an editable list: the form's values, the check that
 * flags duplicate languages and audio channels on every row involved before anything is sent,
 * and the service's 400 (`body.AudioInputs.2.LanguageCode`) mapped back onto its row.
 */
import type { FieldError, Resolver } from 'react-hook-form';
import { ChannelProfileUpdateBody, type ChannelProfile, type FieldError as ServiceFieldError } from '#schema';
import { languageLabel } from './languages.ts';

export interface AudioInputRow {
  /** The input's id; null for a row not saved yet. */
  Id: string | null;
  LanguageCode: string;
  /** Text while it is typed; a whole number of 0 or more to be saved. */
  AudioChannel: string;
  AudioEnabled: boolean;
}

export interface AudioFormValues {
  AudioInputs: AudioInputRow[];
}

export type AudioField = 'LanguageCode' | 'AudioChannel' | 'Id';

/** The form's values for a profile (its inputs by audio channel), or none. */
export function profileToForm(profile: ChannelProfile | null): AudioFormValues {
  const inputs = [...(profile?.audioInputs ?? [])].sort((a, b) => a.audioChannel - b.audioChannel);
  return {
    AudioInputs: inputs.map((i) => ({ Id: i.id, LanguageCode: i.languageCode, AudioChannel: String(i.audioChannel), AudioEnabled: i.audioEnabled })),
  };
}

/** A new row: the next audio channel after the highest, no language yet. */
export function newRow(rows: readonly AudioInputRow[]): AudioInputRow {
  const used = rows.map((r) => Number(r.AudioChannel)).filter((n) => Number.isInteger(n) && n >= 0);
  return { Id: null, LanguageCode: '', AudioChannel: String(used.length === 0 ? 0 : Math.max(...used) + 1), AudioEnabled: true };
}

const channelOf = (row: AudioInputRow): number | undefined => {
  const text = row.AudioChannel.trim();
  return /^\d+$/.test(text) ? Number(text) : undefined;
};

export function formToBody(values: AudioFormValues): ChannelProfileUpdateBody {
  return {
    AudioInputs: values.AudioInputs.map((r) => ({
      ...(r.Id ? { Id: r.Id } : {}),
      LanguageCode: r.LanguageCode.trim(),
      AudioChannel: channelOf(r) ?? -1,
      AudioEnabled: r.AudioEnabled,
    })),
  };
}

export const MISSING_LANGUAGE = 'Choose a language';

export interface RowProblem {
  row: number;
  field: AudioField;
  message: string;
}

const rowName = (index: number) => `input ${index + 1}`;
const list = (indexes: number[]) => (indexes.length === 1 ? rowName(indexes[0]!) : `inputs ${indexes.map((i) => i + 1).join(', ')}`);

/**
 * What is wrong with the rows before saving: a missing language, an audio channel that is not a
 * whole number of 0 or more, and duplicates, flagged on every row that shares a language (any
 * case) or an audio channel, naming the others.
 */
export function rowProblems(rows: readonly AudioInputRow[]): RowProblem[] {
  const problems: RowProblem[] = [];
  const languages = new Map<string, number[]>();
  const channels = new Map<number, number[]>();
  rows.forEach((row, index) => {
    const language = row.LanguageCode.trim().toLowerCase();
    if (language === '') problems.push({ row: index, field: 'LanguageCode', message: MISSING_LANGUAGE });
    else languages.set(language, [...(languages.get(language) ?? []), index]);
    const channel = channelOf(row);
    if (row.AudioChannel.trim() === '') problems.push({ row: index, field: 'AudioChannel', message: 'Enter the audio channel' });
    else if (channel === undefined) problems.push({ row: index, field: 'AudioChannel', message: 'A whole number, 0 or more' });
    else channels.set(channel, [...(channels.get(channel) ?? []), index]);
  });
  for (const indexes of languages.values()) {
    if (indexes.length < 2) continue;
    for (const index of indexes) {
      const others = indexes.filter((i) => i !== index);
      problems.push({ row: index, field: 'LanguageCode', message: `${languageLabel(rows[index]!.LanguageCode.trim())} is also on ${list(others)}` });
    }
  }
  for (const [channel, indexes] of channels) {
    if (indexes.length < 2) continue;
    for (const index of indexes) {
      const others = indexes.filter((i) => i !== index);
      problems.push({ row: index, field: 'AudioChannel', message: `Channel ${channel} is also used by ${list(others)}` });
    }
  }
  return problems;
}

/**
 * The form's resolver: the rows' own problems (duplicates on every row involved), then the
 * schema module's ChannelProfileUpdateBody, the one the service validates with.
 */
export const audioResolver: Resolver<AudioFormValues> = async (values) => {
  const problems = rowProblems(values.AudioInputs);
  if (problems.length === 0) {
    const parsed = ChannelProfileUpdateBody.safeParse(formToBody(values));
    if (parsed.success) return { values, errors: {} };
    for (const issue of parsed.error.issues) {
      const [, row, field] = issue.path;
      if (typeof row === 'number' && (field === 'LanguageCode' || field === 'AudioChannel' || field === 'Id')) problems.push({ row, field, message: issue.message });
    }
  }
  const rows: Partial<Record<AudioField, FieldError>>[] = [];
  for (const p of problems) {
    const row = (rows[p.row] ??= {});
    row[p.field] ??= { type: 'validate', message: p.message };
  }
  return { values: {}, errors: { AudioInputs: rows } as never };
};

/**
 * The service's 400 fields (`body.AudioInputs.1.LanguageCode`, `body.AudioInputs.1`) on their rows;
 * what names no row is left for a general message. The service's message names inputs by their
 * 0-based index (`AudioInputs.0`): those become the rows' numbers as shown.
 */
export function mapServiceErrors(fields: readonly ServiceFieldError[]): { rows: RowProblem[]; other: string[] } {
  const rows: RowProblem[] = [];
  const other: string[] = [];
  for (const f of fields) {
    const match = /^(?:body\.)?AudioInputs\.(\d+)(?:\.(\w+))?$/.exec(f.field);
    const message = f.message
      .replace(/\(AudioInputs\.(\d+)\)/g, '')
      .replace(/\binput (\d+)\b/g, (_m, n: string) => rowName(Number(n)))
      .trim();
    if (!match) {
      other.push(`${f.field}: ${f.message}`);
      continue;
    }
    const field = match[2] === 'AudioChannel' || match[2] === 'Id' ? match[2] : 'LanguageCode';
    rows.push({ row: Number(match[1]), field, message: message.charAt(0).toUpperCase() + message.slice(1) });
  }
  return { rows, other };
}
