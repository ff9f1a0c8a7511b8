export { bankFor, type LanguageBank } from './banks';
export { castFor } from './cast';
export { Random, hashString } from './random';
export { parseTemplate, renderRandom, renderVariant, variantCount, type Slots, type Template } from './spintax';
