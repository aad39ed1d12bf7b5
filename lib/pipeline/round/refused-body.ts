// The last body Tidings refused (too large, unparsable, not a feed), as the round remembers it.
//
// The rule "never store a validator before the body it belongs to has been parsed and saved" is
// about the validators of ACCEPTED content (Source.etag, lastModified, lastBodyHash): a 304 to
// those means "you already hold this content", so they may only describe content we hold. A
// refused body's validators live apart (Source.refused*) and a 304 to them, or the same body hash,
// is read as "still that refused body": the same content error again, never a success. So keeping
// them can never make Tidings believe it has content it does not, and it turns every retry of a
// 20 MB feed into a header exchange.
import type { ResponseMeta } from "@/lib/pipeline/fetch/types";
import { labelContentError } from "@/lib/pipeline/policy/decide-content-error";
import type { RefusalKind, RefusedBody } from "@/lib/pipeline/store/fetch/attempt";

export type SourceRefusalFields = {
  etag: string | null;
  lastModified: string | null;
  refusedKind: string | null;
  refusedDetail: string | null;
  refusedEtag: string | null;
  refusedLastModified: string | null;
  refusedBodyHash: string | null;
  refusedBodyLimit: number | null;
};

const REFUSAL_KINDS: ReadonlySet<string> = new Set<RefusalKind>(["too_large", "parse", "not_a_feed"]);

export function isRefusalKind(kind: string | null): kind is RefusalKind {
  return kind !== null && REFUSAL_KINDS.has(kind);
}

/**
 * The remembered refusal of a source, or null. A body refused as too large under another limit is
 * forgotten: after the person raised TIDINGS_MAX_BODY_BYTES, a 304 to its validators would
 * otherwise keep answering "still too large" for as long as the publisher's feed stays the same.
 */
export function readRefusal(source: SourceRefusalFields, maxBodyBytes: number): RefusedBody | null {
  if (!isRefusalKind(source.refusedKind)) return null;
  if (source.refusedKind === "too_large" && source.refusedBodyLimit !== maxBodyBytes) return null;
  return {
    kind: source.refusedKind,
    detail: source.refusedDetail ?? source.refusedKind,
    etag: source.refusedEtag,
    lastModified: source.refusedLastModified,
    bodyHash: source.refusedBodyHash,
    bodyLimit: source.refusedBodyLimit,
  };
}

/**
 * The validators to send: those of the refused body while one is remembered (the server's current
 * representation is that body, not the content we hold), else those of the content we hold.
 */
export function pickValidators(
  source: SourceRefusalFields,
  refusal: RefusedBody | null,
): { etag: string | null; lastModified: string | null } {
  return refusal
    ? { etag: refusal.etag, lastModified: refusal.lastModified }
    : { etag: source.etag, lastModified: source.lastModified };
}

/** A refused body as the response described it: its validators (the server's, byte for byte) and hash. */
export function describeRefusal(
  kind: RefusalKind,
  detail: string,
  meta: ResponseMeta,
  bodyHash: string | null,
  maxBodyBytes: number,
): RefusedBody {
  return {
    kind,
    detail,
    etag: meta.headers.etag,
    lastModified: meta.headers.lastModified,
    bodyHash,
    bodyLimit: kind === "too_large" ? maxBodyBytes : null,
  };
}

/** A 304 may refresh the validators (RFC 9110 §15.4.5); the refusal itself stands. */
export function refreshRefusal(refusal: RefusedBody, meta: ResponseMeta): RefusedBody {
  return {
    ...refusal,
    etag: meta.headers.etag ?? refusal.etag,
    lastModified: meta.headers.lastModified ?? refusal.lastModified,
  };
}

/** "still too large, unchanged (HTTP 304): 20 MiB (Content-Length), over the 10 MiB limit: ..." */
export function describeUnchanged(refusal: RefusedBody, how: "HTTP 304" | "same body"): string {
  return `still ${labelContentError(refusal.kind)}, unchanged (${how}): ${refusal.detail}`;
}
