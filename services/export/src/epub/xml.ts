/*
 * Text that goes into the EPUB's XML files. Everything we write passes through `escapeText` or
 * `escapeAttribute`: the manuscript, titles and metadata come from users and from an LLM.
 */

/**
 * Characters XML 1.0 forbids (C0 controls but tab, newline and carriage return; U+FFFE, U+FFFF), C1
 * controls (allowed but meaningless in a book, and refused by some readers) and lone surrogates, which
 * cannot be encoded as UTF-8.
 */
const unwantedCharacters =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The text without characters that cannot appear in an XML document. */
export function cleanText(text: string): string {
  return text.replace(unwantedCharacters, '');
}

/** Character data for an element's content. */
export function escapeText(text: string): string {
  return cleanText(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** An attribute value, for double- or single-quoted attributes alike. */
export function escapeAttribute(text: string): string {
  return escapeText(text).replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** Collapses runs of white space (including line breaks) to single spaces and trims: for titles and labels. */
export function singleLine(text: string): string {
  return cleanText(text).replace(/\s+/g, ' ').trim();
}

/** Letters of right-to-left scripts. */
const rightToLeft =
  /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}\p{Script=Adlam}\p{Script=Hanifi_Rohingya}]/u;

/**
 * ` dir="auto"` for text with right-to-left letters, so a paragraph written in Arabic or Hebrew runs
 * right to left while a left-to-right paragraph that quotes a few words keeps its direction (the first
 * strong character decides). Empty for everything else.
 */
export function directionAttribute(text: string): string {
  return rightToLeft.test(text) ? ' dir="auto"' : '';
}

/**
 * ` dir="rtl"` when the first letter of the text is of a right-to-left script, else nothing: for package
 * metadata, where `dir` may only be `ltr` or `rtl`.
 */
export function packageDirectionAttribute(text: string): string {
  const firstLetter = /\p{L}/u.exec(text)?.[0];
  return firstLetter !== undefined && rightToLeft.test(firstLetter) ? ' dir="rtl"' : '';
}

/** The head and body wrapper every XHTML content document of ours shares. */
export function xhtmlDocument(options: {
  languageCode: string;
  title: string;
  body: string;
  bodyAttributes?: string;
}): string {
  const lang = escapeAttribute(options.languageCode);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE html>',
    `<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="${lang}" lang="${lang}">`,
    '<head>',
    '<meta charset="UTF-8" />',
    `<title>${escapeText(singleLine(options.title))}</title>`,
    '<link rel="stylesheet" type="text/css" href="style.css" />',
    '</head>',
    `<body${options.bodyAttributes ?? ''}>`,
    options.body,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
