// A subpath of its own (`@bookwright/kit/images`): only services that take images load sharp.
export * from './decode-image';
