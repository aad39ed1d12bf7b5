import Link from "next/link";
import { connection } from "next/server";

// Rendered per request (connection()): a prerendered page would carry no CSP nonce, and the
// strict policy in proxy.ts would then block its scripts.
export default async function NotFound() {
  await connection();
  return (
    <section className="empty-state" aria-labelledby="not-found-title">
      <h2 id="not-found-title">Nothing here</h2>
      <p>This page does not exist (any more).</p>
      <p>
        <Link href="/">Back to the articles</Link>
      </p>
    </section>
  );
}
