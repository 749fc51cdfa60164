import { addEvent } from '../../../platform/events/outbox';
import { payloadOf } from '../../../platform/events/facts';
import type { WriteSet } from '../../../platform/writes/write-set';
import type { ConversionView } from './view';
// Declares the names this module writes before any is written.
import './event-names';

export const conversionPayload = payloadOf<ConversionView>()('conversion', { createdAt: 'date' });

/** `conversion.create.succeeded`, carrying the conversion's view. */
export function addConversionEvent(writes: WriteSet, accountId: string, conversion: ConversionView, at: Date): void {
  addEvent(writes, { accountId, eventName: 'conversion.create.succeeded', sourceId: conversion.id, data: conversionPayload.facts(conversion), at });
}
