/**
 * "€30.00", "€22.58", "-€5.00": an amount of money charged (invoices, a switch's proration), always with
 * cents, as `Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' })` writes it, without it:
 * the first `Intl.NumberFormat` a page makes loads the locale's data, about 21 ms on a desktop and 85 ms on
 * the phone Lighthouse simulates, and the landing page's pricing made one while its script was evaluated,
 * in a task that blocked the page (bench/web/README.md). A property test holds this to Intl's answers for
 * every number.
 *
 * Intl rounds the number's shortest decimal form (what `String(x)` writes), half away from zero: 1.005
 * is "€1.01" although the double is slightly below 1.005; so does this.
 */
export function formatAmount(amount: number): string {
  if (!Number.isFinite(amount)) return intlEuros().format(amount);
  const sign = amount < 0 || Object.is(amount, -0) ? '-' : '';
  const cents = roundedCents(Math.abs(amount)).toString().padStart(3, '0');
  const whole = cents.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}€${whole}.${cents.slice(-2)}`;
}

/** A non-negative finite number in whole cents, from its shortest decimal form, half rounded up. */
function roundedCents(x: number): bigint {
  const [mantissa = '0', exponent = '0'] = x.toString().split('e');
  const [integer = '0', fraction = ''] = mantissa.split('.');
  let digits = integer + fraction;
  // Where the decimal point falls in `digits`, once the exponent is applied.
  let point = integer.length + Number(exponent);
  if (point < 0) {
    digits = '0'.repeat(-point) + digits;
    point = 0;
  }
  digits = digits.padEnd(point + 3, '0');
  const kept = BigInt(digits.slice(0, point + 2) || '0');
  return digits.charAt(point + 2) >= '5' ? kept + 1n : kept;
}

let intl: Intl.NumberFormat | undefined;
/** Only for NaN and ±Infinity ("€NaN", "€∞"), which no price or invoice should ever hold. */
function intlEuros(): Intl.NumberFormat {
  intl ??= new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 });
  return intl;
}
