/**
 * The health of live events' encoders (beyond the interface, marked as extensions): the samples
 * of one event over the last minutes, the status of every live event (the schedule), and the
 * simulated encoder's fault switch (the simulated world's own control, for demos and tests).
 */
import { z } from 'zod';
import { defineArea } from '../define.ts';
import { ErrorBodySchema, IdParams } from '../common.ts';
import { EncoderFaultBody, EventHealthQuery, EventHealthSchema, LiveHealthSchema } from '../models/encoder-health.ts';

export const encoderHealth = defineArea('encoderHealth', {
  get: {
    method: 'GET',
    path: '/event/{id}/health',
    summary: 'The health of an event’s encoder over the last minutes',
    description:
      'Ingest bitrate, frame rate, dropped frames and the health of each publishing point, sampled every few seconds while the event streams (kept two hours), with the fault the encoder has. 404 for an unknown event.',
    params: IdParams,
    query: EventHealthQuery,
    responses: { 200: EventHealthSchema, 404: ErrorBodySchema },
    extension: true,
  },
  live: {
    method: 'GET',
    path: '/event/health/live',
    summary: 'The health of every live event, now',
    description: 'One line per streaming event: its status, fault and the last ingest bitrate.',
    responses: { 200: z.array(LiveHealthSchema) },
    extension: true,
  },
  setFault: {
    method: 'PUT',
    path: '/event/{id}/health/fault',
    role: 'admin',
    resource: { kind: 'encoderFault', id: 'params.id' },
    summary: 'Switch a fault of the simulated encoder on or off',
    description:
      'The simulated world’s control (a real encoder has none): the event’s encoder reports the fault from its next sample until it is cleared (null). 404 for an unknown event.',
    params: IdParams,
    body: EncoderFaultBody,
    responses: { 200: EventHealthSchema, 404: ErrorBodySchema },
    invalidates: ['encoderHealth', 'alert'],
    extension: true,
  },
});
