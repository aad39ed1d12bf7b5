// A local notification receiver (ntfy, Gotify or a webhook stand-in) on 127.0.0.1, port 0: it
// records every POST and answers the statuses it is told to, in order, then 200.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export type ReceivedPost = {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  answered: number;
};
export type Receiver = {
  url: string;
  posts: ReceivedPost[];
  answerNext(...statuses: number[]): void;
  close(): Promise<void>;
};

export async function startReceiver(): Promise<Receiver> {
  const posts: ReceivedPost[] = [];
  const queued: number[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const answered = queued.shift() ?? 200;
      posts.push({
        path: request.url ?? "/",
        headers: request.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        answered,
      });
      response.writeHead(answered, { "Content-Type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    posts,
    answerNext: (...statuses) => void queued.push(...statuses),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
