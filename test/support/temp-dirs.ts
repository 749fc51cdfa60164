// A temp data dir that user "postgres" can enter, so an embedded cluster stays inside it (see there).
export { throwawayDataDir as tempDataDir } from '../../src/ops/embedded-location';
