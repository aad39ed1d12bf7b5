// The publisher's own polling floor: RSS 2.0 <ttl> (minutes), else the RSS 1.0 syndication
// module's sy:updatePeriod divided by sy:updateFrequency.
import { childText, type XmlElement } from "../xml/xml-tree";

const PERIOD_SECONDS: Record<string, number> = {
  hourly: 3_600,
  daily: 86_400,
  weekly: 604_800,
  monthly: 2_592_000, // 30 days: the module does not define month length
  yearly: 31_536_000,
};

export function readTtlSeconds(channel: XmlElement): number | null {
  const ttl = parsePositiveInteger(childText(channel, "ttl"));
  if (ttl !== null) return ttl * 60;
  const period = PERIOD_SECONDS[(childText(channel, "sy:updatePeriod") ?? "").toLowerCase()];
  if (period === undefined) return null;
  const frequency = parsePositiveInteger(childText(channel, "sy:updateFrequency")) ?? 1;
  return Math.max(1, Math.round(period / frequency));
}

function parsePositiveInteger(text: string | null): number | null {
  if (text === null || !/^\d{1,9}$/.test(text)) return null;
  const value = Number(text);
  return value > 0 ? value : null;
}
