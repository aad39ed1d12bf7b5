/** "10 MiB", "512 KiB", "1000 bytes": sizes for human-readable details. */
export function formatBytes(bytes: number): string {
  const units: Array<[string, number]> = [
    ["GiB", 2 ** 30],
    ["MiB", 2 ** 20],
    ["KiB", 2 ** 10],
  ];
  for (const [unit, size] of units) {
    if (bytes >= size) {
      const value = bytes / size;
      return `${Number.isInteger(value) ? value : value.toFixed(1)} ${unit}`;
    }
  }
  return `${bytes} bytes`;
}
