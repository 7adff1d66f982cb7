/**
 * Fields whose value is JSON *text* (configurationJson, drmJson, taskEngineJson): on the wire they
 * stay strings, as the interface writes them, but a request body can check the text against a zod
 * schema of its parsed content, so the server answers 400 and a form shows the error on the field.
 */
import { TEXT_MAX } from '../common.ts';
import { z } from 'zod';

/** Any JSON object: the content of a JSON text whose shape is not shown. */
export const JsonObjectSchema = z.record(z.string(), z.unknown());

export interface JsonTextOptions {
  /** Accept `''` (blank) as "not set". */
  allowEmpty?: boolean;
  description?: string;
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const where = issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('').replace(/^\./, '');
  return where ? `${where}: ${issue.message}` : issue.message;
}

/** Parses JSON text against a schema of its content; `success: false` carries readable messages. */
export function parseJsonText<S extends z.ZodType>(
  schema: S,
  text: string,
): { success: true; data: z.output<S> } | { success: false; messages: string[] } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { success: false, messages: [`not valid JSON: ${(error as Error).message}`] };
  }
  const result = schema.safeParse(parsed);
  return result.success ? { success: true, data: result.data } : { success: false, messages: result.error.issues.map(describeIssue) };
}

/**
 * A string holding JSON text that must match `content` once parsed. The output is the text
 * unchanged. Issues stay on the field itself (their inner path goes into the message), so a form
 * bound to the text field shows them. The second argument is a description, or options.
 *
 * @example
 * const ChannelBody = z.object({ configurationJson: jsonText(ChannelConfigurationSchema, 'JSON text: see ChannelConfiguration') });
 */
export function jsonText(content: z.ZodType, descriptionOrOptions: string | JsonTextOptions = {}) {
  const options = typeof descriptionOrOptions === 'string' ? { description: descriptionOrOptions } : descriptionOrOptions;
  return z
    .string()
    .max(TEXT_MAX.json)
    .superRefine((text, ctx) => {
      if (options.allowEmpty && text.trim() === '') return;
      const result = parseJsonText(content, text);
      if (!result.success) for (const message of result.messages) ctx.addIssue({ code: 'custom', message });
    })
    .meta({ contentMediaType: 'application/json', description: options.description ?? 'JSON text' });
}
