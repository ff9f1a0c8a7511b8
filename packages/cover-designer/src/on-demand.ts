import type * as Designer from './designer';

// The cover designer brings fontkit, sharp and its fonts: tens of megabytes and a noticeable part of a
// process's start-up, which every service importing this package paid although only cover work draws. It
// is loaded on the first cover instead.
const designer = () => import('./designer');

export const renderTypographicCover: typeof Designer.renderTypographicCover = async (...args) =>
  (await designer()).renderTypographicCover(...args);

export const typesetOverImage: typeof Designer.typesetOverImage = async (...args) =>
  (await designer()).typesetOverImage(...args);

export const renderCoverArt: typeof Designer.renderCoverArt = async (...args) =>
  (await designer()).renderCoverArt(...args);
