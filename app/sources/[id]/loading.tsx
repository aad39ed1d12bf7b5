import { LoadingStatus } from "@/components/sources/loading-status";

export default function SourceLoading() {
  return <LoadingStatus what="the source's health" />;
}
