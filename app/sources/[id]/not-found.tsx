import { SourceNotFound } from "@/components/sources/source-not-found";

export default function SourceNotFoundPage() {
  return <SourceNotFound />;
}
