/** A mail link with a prefilled subject (and body); spaces as %20, which every mail client reads. */
export function mailtoLink(address: string, subject: string, body?: string): string {
  const params = new URLSearchParams({ subject, ...(body ? { body } : {}) });
  return `mailto:${address}?${params.toString().replace(/\+/g, '%20')}`;
}
