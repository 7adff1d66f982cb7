/**
 * Date and time formats of property configuration fields (`dateFormat`, `timeFormat`): the schema
 * module's reading, which the dashboard checks values with too (see date-time-format.ts there).
 */
export { compileFormat, type CompiledFormat } from '#schema/models/date-time-format.ts';
