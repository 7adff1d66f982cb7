/**
 * Client properties (service-interface.md "Client properties"): all 7 operations. A template's
 * fields become custom properties of the event {category, key, value}; every change records one
 * change of the event with metadataChanged.
 *
 * A blank value means "no value": no custom property is kept for it, and it reads back as ''.
 */
import { endpoints, type ClientProperty, type ClientPropertyValidation, type PropertyField } from '#schema';
import { badField, badRequest, describeFields, HttpError, notFound } from '../../http/errors.ts';
import { implement, type Implementation, type RequestContext } from '../../http/implement.ts';
import { EventChanges, findEvent } from '../custom-property/index.ts';
import { deletePairs, eventProperties, writeEventProperties } from '../custom-property/index.ts';
import { storedValue, templateFields, toClientProperty, validateValues, withDefaults } from './fields.ts';
import { getTemplate, getTemplateByReference, setEventTemplate, type TemplateRow } from './repo.ts';

const METADATA = { metadataChanged: true } as const;

function fieldsOf(template: TemplateRow): PropertyField[] {
  const parsed = templateFields(template.configurationJson);
  if (parsed.ok) return parsed.fields;
  throw badRequest(
    `The property configuration "${template.name}" (${template.id}) cannot be used: its configurationJson is not valid (${parsed.messages.slice(0, 3).join('; ')}). ` +
      'Correct it with PUT /propertyconfiguration/{id}.',
  );
}

async function requireTemplate(ctx: RequestContext, templateId: string, field?: string): Promise<{ template: TemplateRow; fields: PropertyField[] }> {
  const template = await getTemplate(ctx.db, ctx.client.clientId, templateId);
  if (!template) throw field ? badField(field, `there is no property configuration ${templateId}`) : notFound(`There is no property configuration ${templateId}`);
  return { template, fields: fieldsOf(template) };
}

async function requireEvent(ctx: RequestContext, eventId: string) {
  const event = await findEvent(ctx.db, ctx.client.clientId, eventId);
  if (!event) throw notFound(`There is no event ${eventId}`);
  return event;
}

/**
 * 400 for invalid values. `data.fields` names each as `body.values.<name>` (what forms map onto
 * their fields); `data.errors` is the same name -> message map POST /clientproperty/validate/ answers.
 */
function invalidValues(errors: ClientPropertyValidation): HttpError {
  const fields = Object.entries(errors).map(([name, message]) => ({ field: `body.values.${name}`, message }));
  return new HttpError(400, 'Validation', `The client property values are not valid: ${describeFields(fields)}`, { fields, errors });
}

/** The current value of each field of the template, read from the event's custom properties ('' when none). */
async function currentValues(ctx: RequestContext, eventId: string, fields: readonly PropertyField[]): Promise<Record<string, string>> {
  const properties = await eventProperties(ctx.db, ctx.client.clientId, eventId);
  const values: Record<string, string> = {};
  for (const field of fields) {
    values[field.name] = properties.find((p) => p.category === field.category && p.key === field.key)?.value ?? '';
  }
  return values;
}

async function clientProperties(ctx: RequestContext, eventId: string, fields: readonly PropertyField[]): Promise<ClientProperty[]> {
  const values = await currentValues(ctx, eventId, fields);
  return fields.map((f) => toClientProperty(f, values[f.name] ?? ''));
}

/**
 * Writes values of fields: a blank value removes the field's custom property, any other value
 * adds or updates it (by its category and key). Answers whether anything changed.
 */
async function writeValues(ctx: RequestContext, eventId: string, fields: readonly PropertyField[], values: Readonly<Record<string, string>>): Promise<boolean> {
  const clientId = ctx.client.clientId;
  const given = fields.filter((f) => Object.hasOwn(values, f.name));
  const blank = given.filter((f) => values[f.name]!.trim() === '');
  const filled = given.filter((f) => values[f.name]!.trim() !== '');
  const removed = await deletePairs(ctx.db, clientId, eventId, blank);
  const written = await writeEventProperties(
    ctx.db,
    clientId,
    eventId,
    filled.map((f) => ({ category: f.category, key: f.key, value: storedValue(f, values[f.name]!) })),
    (i) => `body.values.${filled[i]?.name ?? ''}`,
  );
  return removed > 0 || written.changed;
}

/**
 * Removes the custom properties of a template from an event, except the pairs in `keep` (the
 * fields of the template replacing it, whose properties are updated in place and keep their ids).
 * A template that cannot be read removes nothing.
 */
async function removeTemplateValues(
  ctx: RequestContext,
  eventId: string,
  templateId: string,
  keep: readonly PropertyField[] = [],
): Promise<number> {
  const template = await getTemplate(ctx.db, ctx.client.clientId, templateId);
  if (!template) return 0;
  const parsed = templateFields(template.configurationJson);
  if (!parsed.ok) {
    ctx.log.warn({ templateId, eventId }, 'the previous client property template cannot be read; its properties stay on the event');
    return 0;
  }
  const kept = new Set(keep.map((f) => JSON.stringify([f.category, f.key])));
  return deletePairs(
    ctx.db,
    ctx.client.clientId,
    eventId,
    parsed.fields.filter((f) => !kept.has(JSON.stringify([f.category, f.key]))),
  );
}

export const clientPropertyRoutes: Implementation[] = [
  /** Validates as adding would: the values given, plus the defaults of the optional fields not given. */
  implement(endpoints.clientProperty.validate, async ({ body }, ctx) => {
    const { fields } = await requireTemplate(ctx, body.templateId, 'body.templateId');
    return { status: 200, body: validateValues(fields, withDefaults(fields, body.values)) };
  }),

  /**
   * Applies a template: every value must be valid or nothing is written (400). The properties of
   * the event's previous template (the same one included) are removed first; properties outside
   * it are left alone, except those the new template's fields take over by their category and key.
   */
  implement(endpoints.clientProperty.create, async ({ params, body }, ctx) => {
    const event = await requireEvent(ctx, params.eventId);
    const { template, fields } = await requireTemplate(ctx, body.templateId, 'body.templateId');
    const values = withDefaults(fields, body.values);
    const errors = validateValues(fields, values);
    if (Object.keys(errors).length > 0) throw invalidValues(errors);

    if (event.customPropertyConfigurationId) await removeTemplateValues(ctx, event.id, event.customPropertyConfigurationId, fields);
    // Every field is written: the ones without a value remove any property of their pair.
    const all = Object.fromEntries(fields.map((f) => [f.name, values[f.name] ?? '']));
    await writeValues(ctx, event.id, fields, all);
    await setEventTemplate(ctx.db, ctx.client.clientId, event.id, template.id);
    await new EventChanges().add(event.id, METADATA).record(ctx.db, ctx.clock, ctx.client.clientId);
    return { status: 201, body: await clientProperties(ctx, event.id, fields) };
  }),

  /**
   * Merges the values into the current ones; the template stays. The merged set must be valid
   * (so a required field need not be sent again), or nothing is written (400).
   */
  implement(endpoints.clientProperty.update, async ({ params, body }, ctx) => {
    const event = await requireEvent(ctx, params.eventId);
    const template = event.customPropertyConfigurationId ? await getTemplate(ctx.db, ctx.client.clientId, event.customPropertyConfigurationId) : undefined;
    if (!template) throw badRequest(`Event ${event.id} has no client property template: set one with POST /clientproperty/${event.id}`);
    const fields = fieldsOf(template);
    const merged = { ...(await currentValues(ctx, event.id, fields)), ...body.values };
    const errors = validateValues(fields, merged);
    if (Object.keys(errors).length > 0) throw invalidValues(errors);
    if (await writeValues(ctx, event.id, fields, body.values)) {
      await new EventChanges().add(event.id, METADATA).record(ctx.db, ctx.clock, ctx.client.clientId);
    }
    return { status: 200, body: await clientProperties(ctx, event.id, fields) };
  }),

  implement(endpoints.clientProperty.get, async ({ params }, ctx) => {
    const event = await requireEvent(ctx, params.eventId);
    const template = event.customPropertyConfigurationId ? await getTemplate(ctx.db, ctx.client.clientId, event.customPropertyConfigurationId) : undefined;
    if (!template) return { status: 204 };
    return { status: 200, body: await clientProperties(ctx, event.id, fieldsOf(template)) };
  }),

  implement(endpoints.clientProperty.getTemplate, async ({ params }, ctx) => {
    const { fields } = await requireTemplate(ctx, params.templateId);
    return { status: 200, body: fields.map((f) => toClientProperty(f, '')) };
  }),

  implement(endpoints.clientProperty.getTemplateByReference, async ({ query }, ctx) => {
    const template = await getTemplateByReference(ctx.db, ctx.client.clientId, query.id);
    if (!template) return { status: 204 };
    return { status: 200, body: fieldsOf(template).map((f) => toClientProperty(f, '')) };
  }),

  /** 410 Gone is the interface's answer for this deletion (and it is a success). */
  implement(endpoints.clientProperty.delete, async ({ params }, ctx) => {
    const event = await requireEvent(ctx, params.eventId);
    if (event.customPropertyConfigurationId) {
      await removeTemplateValues(ctx, event.id, event.customPropertyConfigurationId);
      await setEventTemplate(ctx.db, ctx.client.clientId, event.id, null);
      await new EventChanges().add(event.id, METADATA).record(ctx.db, ctx.clock, ctx.client.clientId);
    }
    return { status: 410 };
  }),
];
