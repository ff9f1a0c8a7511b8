/**
 * Characters no file system accepts in a name (Windows is the strictest: / \ : * ? " < > |), and control
 * characters. Everything else, accented letters, CJK and spaces included, is the author's title and stays.
 */
const unsafeInFileName = /[/\\:*?"<>|\p{Cc}]/gu;

/**
 * A name a browser can save as given: unsafe characters removed, runs of white space made one space, and no
 * leading or trailing spaces or dots (Windows drops trailing ones; a leading dot hides the file). Empty when
 * nothing usable is left; callers choose their own fallback.
 */
export function safeFileName(name: string): string {
  return name
    .normalize('NFC')
    .replace(unsafeInFileName, '')
    .replace(/\s+/gu, ' ')
    .replace(/^[\s.]+|[\s.]+$/gu, '');
}

/** True when `name` has nothing that safeFileName() would remove. */
export function isSafeFileName(name: string): boolean {
  return name !== '' && safeFileName(name) === name;
}
