import { LoadingStatus } from "@/components/sources/loading-status";

export default function SourcesLoading() {
  return <LoadingStatus what="the sources" />;
}
