/** An ISBN as written by the author ("978-88-04-12345-6", "88 04 12345 X"), digits only; null if not ISBN-shaped. */
export function isbnDigits(value: string): string | null {
  const digits = value.trim().replace(/[-\s]/g, '').toUpperCase();
  return /^(\d{9}[\dX]|\d{13})$/.test(digits) ? digits : null;
}

/** True for an ISBN-10 or ISBN-13 whose check digit is right (ISBN-13 starting with 978 or 979). */
export function isValidIsbn(digits: string): boolean {
  if (/^\d{9}[\dX]$/.test(digits)) {
    const sum = [...digits].reduce((total, char, i) => total + (char === 'X' ? 10 : Number(char)) * (10 - i), 0);
    return sum % 11 === 0;
  }
  if (/^97[89]\d{10}$/.test(digits)) {
    const sum = [...digits].reduce((total, char, i) => total + Number(char) * (i % 2 === 0 ? 1 : 3), 0);
    return sum % 10 === 0;
  }
  return false;
}
