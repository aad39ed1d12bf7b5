import { SourceNotFound } from "@/components/sources/source-not-found";

export default function SourcesNotFound() {
  return <SourceNotFound />;
}
