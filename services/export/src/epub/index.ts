export { renderEpub, type EpubRenderOptions } from './render-epub';
export { publicationIdentifier } from './identifier';
