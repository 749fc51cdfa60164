import { listCardArtsQuery, setDefaultCardArtCommand } from '../../../domain/issuing/card-arts/rules';
import { wireCommand } from '../../shared/command';

/** listArts' query string. */
export const listCardArtsWire = wireCommand(listCardArtsQuery);

/** setDefaultArt's body. */
export const setDefaultCardArtWire = wireCommand(setDefaultCardArtCommand);
