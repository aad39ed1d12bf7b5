// Sample publications for the demo publisher: real-looking titles and HTML, no network needed.
// Deterministic: item n of a feed is always the same, so validators behave like a real site's.

export type DemoFormat = "rss" | "atom" | "json";

export type DemoPublication = { slug: string; title: string; format: DemoFormat; topic: string };

export const PUBLICATIONS: DemoPublication[] = [
  { slug: "harbour-gazette", title: "The Harbour Gazette", format: "rss", topic: "the harbour" },
  { slug: "night-sky", title: "Night Sky Notes", format: "atom", topic: "the night sky" },
  { slug: "kitchen-table", title: "Kitchen Table", format: "json", topic: "weeknight cooking" },
  { slug: "rail-letters", title: "Rail Letters", format: "rss", topic: "regional railways" },
  { slug: "small-web", title: "Small Web Weekly", format: "atom", topic: "personal websites" },
  { slug: "garden-log", title: "The Garden Log", format: "rss", topic: "the allotment" },
  { slug: "type-and-ink", title: "Type & Ink", format: "json", topic: "typography" },
  { slug: "coastal-birds", title: "Coastal Birds", format: "rss", topic: "shorebirds" },
  { slug: "sourdough-diary", title: "Sourdough Diary", format: "atom", topic: "baking" },
  { slug: "city-council", title: "City Council Minutes", format: "rss", topic: "local politics" },
  { slug: "old-computers", title: "Old Computers Club", format: "json", topic: "vintage computers" },
  { slug: "river-watch", title: "River Watch", format: "rss", topic: "river levels" },
  { slug: "chess-corner", title: "Chess Corner", format: "atom", topic: "endgames" },
  { slug: "bike-commute", title: "Bike Commute", format: "rss", topic: "cycling to work" },
  { slug: "library-news", title: "Library News", format: "json", topic: "new books" },
  { slug: "weather-desk", title: "Weather Desk", format: "rss", topic: "the forecast" },
  { slug: "maker-bench", title: "Maker Bench", format: "atom", topic: "soldering projects" },
  { slug: "poetry-daily", title: "A Poem a Day", format: "rss", topic: "poetry" },
  { slug: "trail-reports", title: "Trail Reports", format: "json", topic: "hiking trails" },
  { slug: "jazz-archive", title: "Jazz Archive", format: "atom", topic: "old records" },
];

const OPENERS = [
  "Notes on",
  "A closer look at",
  "What we learned about",
  "Field report:",
  "Five things about",
  "Letter on",
  "Revisiting",
  "Quietly, about",
];
const DETAILS = [
  "The morning started grey and slow, and by noon the light had changed everything.",
  "Readers wrote in with questions, and the best of them are answered below.",
  "We went back to the archive and found a photograph nobody had catalogued.",
  "It turns out the simplest method is also the most forgiving one.",
  "A small change, made carefully, and kept for good reasons.",
  "The numbers are modest, but the trend over the year is clear.",
  "Here is what worked, what did not, and what we would try next time.",
  "Thanks to everyone who came along on Saturday despite the rain.",
];

export function itemTitle(publication: DemoPublication, n: number): string {
  return `${OPENERS[(n + publication.slug.length) % OPENERS.length]} ${publication.topic}, part ${n}`;
}

/** HTML content with a locally served image, a link and a list: what a real post looks like. */
export function itemHtml(publication: DemoPublication, n: number, origin: string): string {
  const first = DETAILS[n % DETAILS.length]!;
  const second = DETAILS[(n * 3 + 1) % DETAILS.length]!;
  return [
    `<p>${first} ${second}</p>`,
    `<figure><img src="${origin}/images/${publication.slug}-${n % 4}.svg" alt="Illustration for ${publication.topic}" width="640" height="240"><figcaption>From the ${publication.title} archive.</figcaption></figure>`,
    `<p>In this instalment on <strong>${publication.topic}</strong>:</p>`,
    `<ul><li>what changed since part ${Math.max(1, n - 1)}</li><li>a reader's question</li><li>one thing to try this week</li></ul>`,
    `<p><a href="${origin}/${publication.slug}/posts/${n}">Read the full post on the site</a>.</p>`,
  ].join("\n");
}

/** A small SVG "photo" per publication and index (images served by the demo publisher itself). */
export function illustration(slug: string, index: number): string {
  const hue = (slug.length * 37 + index * 61) % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="240" viewBox="0 0 640 240"><rect width="640" height="240" fill="hsl(${hue} 45% 70%)"/><circle cx="${120 + index * 120}" cy="90" r="46" fill="hsl(${(hue + 40) % 360} 70% 88%)"/><path d="M0 240 L180 120 L330 200 L470 110 L640 240 Z" fill="hsl(${(hue + 180) % 360} 30% 35%)"/></svg>`;
}
