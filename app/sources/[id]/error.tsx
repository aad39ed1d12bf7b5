"use client";
import { SegmentError } from "@/components/sources/segment-error";

export default function SourceError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return <SegmentError what="this source" error={error} reset={reset} />;
}
