// W3C WebSub §8 (Authenticated Content Distribution): X-Hub-Signature is `method=signature`, the
// hex HMAC of the raw body with the subscription's hub.secret, method one of sha1, sha256, sha384
// or sha512. Compared in constant time, so the answer's timing tells a forger nothing.
import { createHmac, timingSafeEqual } from "node:crypto";

export const SIGNATURE_METHODS = ["sha1", "sha256", "sha384", "sha512"] as const;
type SignatureMethod = (typeof SIGNATURE_METHODS)[number];

export type SignatureVerdict = "valid" | "missing" | "wrong" | "unsupported";

export function checkSignature(header: string | null, body: Buffer, secret: string): SignatureVerdict {
  if (header === null || header.trim() === "") return "missing";
  const match = /^\s*([a-z0-9]+)=([0-9a-f]+)\s*$/i.exec(header);
  if (match === null) return "wrong";
  const method = match[1]!.toLowerCase();
  if (!isSignatureMethod(method)) return "unsupported";
  const expected = createHmac(method, secret).update(body).digest();
  const given = Buffer.from(match[2]!.toLowerCase(), "hex");
  // timingSafeEqual needs equal lengths; a length differing from the method's digest is wrong
  // whatever its bytes, and the digest length is public (it is the method's).
  return given.length === expected.length && timingSafeEqual(given, expected) ? "valid" : "wrong";
}

function isSignatureMethod(method: string): method is SignatureMethod {
  return (SIGNATURE_METHODS as readonly string[]).includes(method);
}
