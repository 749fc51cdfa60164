import { toRestConversion } from '../../rest-compat/fx/present';
import { addEvent } from '../events/outbox';
import type { WriteSet } from '../writes/write-set';
import type { ConversionView } from './view';

/** `conversion.create.succeeded`, carrying the conversion as BT12 (GET /v1/conversion/{id}) answers it. */
export function addConversionEvent(writes: WriteSet, accountId: string, conversion: ConversionView, at: Date): void {
  addEvent(writes, { accountId, eventName: 'conversion.create.succeeded', sourceId: conversion.id, data: toRestConversion(conversion), at });
}
