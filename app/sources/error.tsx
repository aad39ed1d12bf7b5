"use client";
import { SegmentError } from "@/components/sources/segment-error";

export default function SourcesError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return <SegmentError what="the sources" error={error} reset={reset} />;
}
