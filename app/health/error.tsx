"use client";
import { SegmentError } from "@/components/sources/segment-error";

export default function HealthError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return <SegmentError what="the fleet's health" error={error} reset={reset} />;
}
