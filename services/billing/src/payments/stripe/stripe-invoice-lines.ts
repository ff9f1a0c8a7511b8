import type Stripe from 'stripe';

/** A proration line of an invoice preview (newer API versions say it on the parent, older on the line). */
export function isProration(line: Stripe.InvoiceLineItem): boolean {
  const legacy = line as unknown as { proration?: boolean };
  return line.parent?.subscription_item_details?.proration ?? legacy.proration ?? false;
}

/** The price id a line bills (newer API versions name it under `pricing`, older ones as `price`). */
export function priceOfLine(line: Stripe.InvoiceLineItem): string | null {
  const price = line.pricing?.price_details?.price;
  if (price) return typeof price === 'string' ? price : price.id;
  const legacy = line as unknown as { price?: { id?: string } | null };
  return legacy.price?.id ?? null;
}

/**
 * An invoice preview split into its prorations and its recurring part, in cents. Lines of `exceptPrice`
 * (the seat item of an Enterprise subscription) are left out, so a plan's figures are the plan's alone.
 */
export function previewTotals(
  preview: Stripe.Invoice,
  exceptPrice: string | null = null,
): { prorated: number; recurring: number } {
  let prorated = 0;
  let recurring = 0;
  for (const line of preview.lines.data) {
    if (exceptPrice !== null && priceOfLine(line) === exceptPrice) continue;
    if (isProration(line)) prorated += line.amount;
    else recurring += line.amount;
  }
  return { prorated, recurring };
}
