/** A route's [id] segment as a source id, or null for anything that is not a positive integer. */
export function parseSourceId(raw: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}
