/** A product link (spec part 2 §3): an http(s) web address, nothing else (no javascript:, no data:). */
export function isProductLink(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}
