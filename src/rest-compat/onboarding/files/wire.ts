import { fileDownloadLinksCommand } from '../../../domain/onboarding/files/downloads';
import { wireCommand } from '../../shared/command';

const links = wireCommand(fileDownloadLinksCommand);

/** AF7's body: `{file_ids: [...]}`, under the name the OpenAPI document has always given it. */
export const downloadLinksWire = { ...links, schema: links.schema.meta({ id: 'DownloadLinksRequest' }) };
